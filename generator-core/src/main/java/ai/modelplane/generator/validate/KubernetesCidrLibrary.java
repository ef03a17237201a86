package ai.modelplane.generator.validate;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.IPAddressStringParameters;
import inet.ipaddr.ipv4.IPv4Address;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parts of the Kubernetes CEL IP and CIDR libraries ({@code k8s.io/apiserver/pkg/cel/library},
 * {@code ip.go}, {@code cidr.go}) that the CRD uses, with their semantics: a CIDR is parsed like
 * Go's {@code netip.ParsePrefix} (dotted-quad IPv4 without leading zeros, host bits allowed, no
 * zones) and IPv4-mapped IPv6 addresses are refused; {@code cidr()} of an invalid string is an
 * evaluation error; equality compares address and prefix length.
 */
public final class KubernetesCidrLibrary {
  public static final OpaqueType CIDR_TYPE = OpaqueType.create("net.CIDR");
  public static final OpaqueType IP_TYPE = OpaqueType.create("net.IP");

  private static final IPAddressStringParameters IPV6_ONLY =
      new IPAddressStringParameters.Builder()
          .allowEmpty(false)
          .allowAll(false)
          .allowMask(false)
          .allowPrefix(false)
          .allowSingleSegment(false)
          .allowWildcardedSeparator(false)
          .allow_inet_aton(false)
          .allowIPv4(false)
          .getIPv6AddressParametersBuilder()
          .allowZone(false)
          .allowMixed(true)
          .getParentBuilder()
          .toParams();

  private KubernetesCidrLibrary() {}

  /**
   * Four decimal octets (0-255, no leading zeros, ASCII digits only) separated by dots, or null.
   */
  private static byte[] dottedQuad(String text) {
    byte[] octets = new byte[4];
    int start = 0;
    for (int i = 0; i < 4; i++) {
      int end = i < 3 ? text.indexOf('.', start) : text.length();
      int value = end < 0 ? -1 : decimal(text, start, end, 3);
      if (value < 0 || value > 255) {
        return null;
      }
      octets[i] = (byte) value;
      start = end + 1;
    }
    return octets;
  }

  /**
   * The number written from {@code start} to {@code end} with 1 to {@code maxDigits} ASCII digits
   * and no leading zero (except {@code 0} itself); -1 otherwise.
   */
  private static int decimal(String text, int start, int end, int maxDigits) {
    int length = end - start;
    if (length < 1 || length > maxDigits || (length > 1 && text.charAt(start) == '0')) {
      return -1;
    }
    int value = 0;
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /** A parsed CIDR: the address as written (host bits kept) and the prefix length. */
  public record Cidr(IPAddress address, int bits) {
    public Ip ip() {
      return new Ip(address);
    }

    public Cidr masked() {
      return new Cidr(address.toPrefixBlock(bits).getLower().withoutPrefixLength(), bits);
    }

    public boolean contains(Cidr other) {
      if (address.isIPv4() != other.address.isIPv4() || bits > other.bits) {
        return false;
      }
      return address.toPrefixBlock(bits).contains(other.address.withoutPrefixLength());
    }

    @Override
    public String toString() {
      return address.toCanonicalString() + "/" + bits;
    }

    // equals and hashCode are spelt out, as in Ip below: the generated ones bootstrap through
    // ObjectMethods on first use, spinning method-handle classes that no class-data archive holds
    // (about 20 ms of a cold CLI run's main thread; CEL compares CIDRs in the CRD's rules).
    @Override
    public boolean equals(Object other) {
      return other instanceof Cidr cidr && bits == cidr.bits && address.equals(cidr.address);
    }

    @Override
    public int hashCode() {
      return 31 * address.hashCode() + bits;
    }
  }

  /** A parsed IP address. */
  public record Ip(IPAddress address) {
    public long family() {
      return address.isIPv4() ? 4 : 6;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Ip ip && address.equals(ip.address);
    }

    @Override
    public int hashCode() {
      return address.hashCode();
    }
  }

  /**
   * Parses within {@link #rememberingParses()}: one evaluation of a document's rules names the same
   * few CIDRs (its own and the CRD's constants) again and again.
   */
  private static final ThreadLocal<Map<String, Optional<Cidr>>> REMEMBERED = new ThreadLocal<>();

  /**
   * Until closed, this thread parses each CIDR text once (the results are immutable values, so
   * sharing them changes nothing but the time spent).
   */
  public static ParseMemory rememberingParses() {
    if (REMEMBERED.get() != null) {
      return () -> {};
    }
    REMEMBERED.set(new HashMap<>());
    return REMEMBERED::remove;
  }

  /** The scope of {@link #rememberingParses()}. */
  public interface ParseMemory extends AutoCloseable {
    @Override
    void close();
  }

  private static Cidr parseCidrRemembered(String text) {
    Map<String, Optional<Cidr>> remembered = REMEMBERED.get();
    if (remembered == null) {
      return parseCidr(text);
    }
    return remembered.computeIfAbsent(text, t -> Optional.ofNullable(parseCidr(t))).orElse(null);
  }

  /** Parses like the Kubernetes library; null when the text is not a CIDR. */
  public static Cidr parseCidr(String text) {
    int slash = text.indexOf('/');
    if (slash < 0 || slash != text.lastIndexOf('/')) {
      return null;
    }
    int bits = decimal(text, slash + 1, text.length(), 3);
    if (bits < 0) {
      return null;
    }
    IPAddress address = parseIp(text.substring(0, slash));
    if (address == null || bits > address.getBitCount()) {
      return null;
    }
    return new Cidr(address, bits);
  }

  static IPAddress parseIp(String text) {
    byte[] ipv4 = dottedQuad(text);
    if (ipv4 != null) {
      return new IPv4Address(ipv4);
    }
    if (!text.contains(":") || text.contains("%")) {
      return null;
    }
    IPAddress address = new IPAddressString(text, IPV6_ONLY).getAddress();
    if (address == null || address.isIPv4() || address.toIPv6().isIPv4Mapped()) {
      return null;
    }
    return address;
  }

  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration(
            "isCIDR",
            CelOverloadDecl.newGlobalOverload("is_cidr", SimpleType.BOOL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration(
            "cidr",
            CelOverloadDecl.newGlobalOverload("string_to_cidr", CIDR_TYPE, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration(
            "ip", CelOverloadDecl.newMemberOverload("cidr_ip", IP_TYPE, CIDR_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "family", CelOverloadDecl.newMemberOverload("ip_family", SimpleType.INT, IP_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "masked", CelOverloadDecl.newMemberOverload("cidr_masked", CIDR_TYPE, CIDR_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "containsCIDR",
            CelOverloadDecl.newMemberOverload(
                "cidr_contains_cidr_string", SimpleType.BOOL, CIDR_TYPE, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload(
                "cidr_contains_cidr", SimpleType.BOOL, CIDR_TYPE, CIDR_TYPE)));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("is_cidr", String.class, text -> parseCidrRemembered(text) != null),
        CelFunctionBinding.from("string_to_cidr", String.class, KubernetesCidrLibrary::cidrOrFail),
        CelFunctionBinding.from("cidr_ip", Cidr.class, Cidr::ip),
        CelFunctionBinding.from("ip_family", Ip.class, Ip::family),
        CelFunctionBinding.from("cidr_masked", Cidr.class, Cidr::masked),
        CelFunctionBinding.from(
            "cidr_contains_cidr_string",
            Cidr.class,
            String.class,
            (cidr, other) -> cidr.contains(cidrOrFail(other))),
        CelFunctionBinding.from("cidr_contains_cidr", Cidr.class, Cidr.class, Cidr::contains));
  }

  private static Cidr cidrOrFail(String text) throws CelEvaluationException {
    Cidr cidr = parseCidrRemembered(text);
    if (cidr == null) {
      throw new CelEvaluationException(
          "network address parse error during conversion from string: " + text);
    }
    return cidr;
  }
}
