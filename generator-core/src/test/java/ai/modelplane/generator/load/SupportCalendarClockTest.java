package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SupportCalendarClockTest {
  @Test
  void aNamedDayFixesTheClockAtItsStartInUtc() {
    Clock clock = SupportCalendarClock.from(Map.of("MODELPLANE_AS_OF", "2027-01-15"));
    assertEquals(Instant.parse("2027-01-15T00:00:00Z"), clock.instant());
  }

  @Test
  void withoutTheVariableItIsTheSystemClock() {
    assertEquals(Clock.systemUTC(), SupportCalendarClock.from(Map.of()));
  }

  @Test
  void aMalformedDayIsRejectedWithTheVariableName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SupportCalendarClock.from(Map.of("MODELPLANE_AS_OF", "29.11.2026")));
    assertEquals(
        "MODELPLANE_AS_OF must be a day like 2026-11-29, not '29.11.2026'", e.getMessage());
  }
}
