package ai.modelplane.drift;

import java.util.List;

/** The Azure SDK's models leave a list that ARM did not send {@code null}. */
final class SdkLists {
  private SdkLists() {}

  static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
