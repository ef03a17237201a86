package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The CIDR functions behave like the Kubernetes CEL library (Go netip parsing rules). */
class KubernetesCidrLibraryTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "10.0.0.0",
        "010.0.0.0/8",
        "10.0.0.0/08",
        "10.0.0.256/8",
        "10.0.0.0/33",
        "10.0.0/8",
        "1.2.3.4/ 8",
        "::ffff:10.0.0.0/104",
        "fe80::1%eth0/64",
        "10.0.0.0/8/8",
        "",
        "/8",
        "0x0A.0.0.0/8"
      })
  void rejectsWhatNetipParsePrefixRejects(String text) {
    assertNull(KubernetesCidrLibrary.parseCidr(text));
  }

  @ParameterizedTest
  @CsvSource({
    "10.0.0.0/16, 10.0.0.0/16, 4",
    "10.0.0.1/16, 10.0.0.1/16, 4",
    "0.0.0.0/0, 0.0.0.0/0, 4",
    "fd00::/48, fd00::/48, 6",
    "2001:db8::1/64, 2001:db8::1/64, 6"
  })
  void parsesAndKeepsHostBits(String text, String shown, long family) {
    KubernetesCidrLibrary.Cidr cidr = KubernetesCidrLibrary.parseCidr(text);
    assertEquals(shown, cidr.toString());
    assertEquals(family, cidr.ip().family());
  }

  @ParameterizedTest
  @CsvSource({
    "10.0.0.1/16, 10.0.0.0/16",
    "10.1.255.255/12, 10.0.0.0/12",
    "2001:db8::1/64, 2001:db8::/64"
  })
  void masksToTheNetworkAddress(String text, String masked) {
    assertEquals(masked, KubernetesCidrLibrary.parseCidr(text).masked().toString());
    assertEquals(
        KubernetesCidrLibrary.parseCidr(masked), KubernetesCidrLibrary.parseCidr(text).masked());
  }

  @ParameterizedTest
  @CsvSource({
    "10.0.0.0/16, 10.0.0.0/20, true",
    "10.0.0.0/16, 10.0.0.0/16, true",
    "10.0.0.0/20, 10.0.0.0/16, false",
    "10.0.0.0/16, 10.1.0.0/20, false",
    "10.0.0.0/8, 10.96.0.0/16, true",
    "10.96.0.0/16, 10.96.5.0/24, true",
    "10.0.0.1/16, 10.0.200.0/24, true",
    "10.0.0.0/16, fd00::/64, false"
  })
  void containsCidrComparesPrefixAndRange(String outer, String inner, boolean contains) {
    assertEquals(
        contains,
        KubernetesCidrLibrary.parseCidr(outer).contains(KubernetesCidrLibrary.parseCidr(inner)));
  }

  @ParameterizedTest
  @CsvSource({
    "10.0.0.0/16, 10.0.0.0/16, true",
    "10.0.0.1/16, 10.0.0.0/16, false",
    "10.0.0.0/16, 10.0.0.0/17, false"
  })
  void equalityComparesAddressAndPrefix(String a, String b, boolean equal) {
    assertEquals(
        equal, KubernetesCidrLibrary.parseCidr(a).equals(KubernetesCidrLibrary.parseCidr(b)));
  }

  @Test
  void dottedQuadsAreTheAddressesTheLibraryParses() {
    java.util.Random random = new java.util.Random(42);
    for (int i = 0; i < 20_000; i++) {
      String text =
          random.nextInt(256)
              + "."
              + random.nextInt(256)
              + "."
              + random.nextInt(256)
              + "."
              + random.nextInt(256);
      int bits = random.nextInt(33);
      IPAddress expected = new IPAddressString(text).getAddress();
      IPAddress parsed = KubernetesCidrLibrary.parseIp(text);
      assertEquals(expected, parsed, text);
      assertEquals(expected.toCanonicalString(), parsed.toCanonicalString(), text);
      assertEquals(
          expected.toPrefixBlock(bits).getLower().withoutPrefixLength(),
          parsed.toPrefixBlock(bits).getLower().withoutPrefixLength(),
          text);
      assertEquals(expected.hashCode(), parsed.hashCode(), text);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1.2.3",
        "1.2.3.4.5",
        "1..2.3",
        "01.2.3.4",
        "1.2.3.256",
        "1.2.3.1000",
        "+1.2.3.4",
        "1.2.3.4 ",
        "\u0661.2.3.4",
        "1.2.3.-4"
      })
  void rejectsEveryOtherIpv4Spelling(String text) {
    assertNull(KubernetesCidrLibrary.parseIp(text));
  }

  @Test
  void rememberedParsesGiveTheSameCidrsAndEndWithTheirScope() throws Exception {
    java.util.List<dev.cel.runtime.CelFunctionBinding> bindings = KubernetesCidrLibrary.bindings();
    KubernetesCidrLibrary.Cidr first;
    KubernetesCidrLibrary.Cidr second;
    try (KubernetesCidrLibrary.ParseMemory memory = KubernetesCidrLibrary.rememberingParses()) {
      first = cidr(bindings, "10.1.0.0/16");
      second = cidr(bindings, "10.1.0.0/16");
      assertSame(first, second);
      assertEquals(KubernetesCidrLibrary.parseCidr("10.1.0.0/16"), first);
    }
    assertNotSame(first, cidr(bindings, "10.1.0.0/16"));
  }

  private static KubernetesCidrLibrary.Cidr cidr(
      java.util.List<dev.cel.runtime.CelFunctionBinding> bindings, String text) throws Exception {
    dev.cel.runtime.CelFunctionBinding toCidr =
        bindings.stream()
            .filter(binding -> binding.getOverloadId().equals("string_to_cidr"))
            .findFirst()
            .orElseThrow();
    return (KubernetesCidrLibrary.Cidr) toCidr.getDefinition().apply(new Object[] {text});
  }
}
