package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FileStatTest {
  private static final FileStat STAT = new FileStat(10, 20, 30, 40, 50);

  @Test
  void statsWithEqualFieldsAreEqualAndHashAlike() {
    FileStat same = new FileStat(10, 20, 30, 40, 50);
    assertEquals(STAT, same);
    assertEquals(STAT.hashCode(), same.hashCode());
  }

  @Test
  void aStatDiffersWhenAnyOfItsFieldsDoes() {
    for (FileStat other :
        List.of(
            new FileStat(11, 20, 30, 40, 50),
            new FileStat(10, 21, 30, 40, 50),
            new FileStat(10, 20, 31, 40, 50),
            new FileStat(10, 20, 30, 41, 50),
            new FileStat(10, 20, 30, 40, 51))) {
      assertNotEquals(STAT, other, other.toString());
    }
    assertNotEquals(STAT, null);
    assertNotEquals(STAT, "a stat");
  }
}
