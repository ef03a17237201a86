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
import java.util.List;
import java.util.regex.Pattern;

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

  private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
  private static final Pattern IPV4 = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");
  private static final Pattern PREFIX_BITS = Pattern.compile("0|[1-9][0-9]{0,2}");
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
  }

  /** A parsed IP address. */
  public record Ip(IPAddress address) {
    public long family() {
      return address.isIPv4() ? 4 : 6;
    }
  }

  /** Parses like the Kubernetes library; null when the text is not a CIDR. */
  public static Cidr parseCidr(String text) {
    int slash = text.indexOf('/');
    if (slash < 0 || slash != text.lastIndexOf('/')) {
      return null;
    }
    String bitsText = text.substring(slash + 1);
    IPAddress address = parseIp(text.substring(0, slash));
    if (address == null || !PREFIX_BITS.matcher(bitsText).matches()) {
      return null;
    }
    int bits = Integer.parseInt(bitsText);
    if (bits > address.getBitCount()) {
      return null;
    }
    return new Cidr(address, bits);
  }

  static IPAddress parseIp(String text) {
    if (IPV4.matcher(text).matches()) {
      return new IPAddressString(text).getAddress();
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
            "isCIDR", CelOverloadDecl.newGlobalOverload("is_cidr", SimpleType.BOOL, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration(
            "cidr", CelOverloadDecl.newGlobalOverload("string_to_cidr", CIDR_TYPE, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration(
            "ip", CelOverloadDecl.newMemberOverload("cidr_ip", IP_TYPE, CIDR_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "family", CelOverloadDecl.newMemberOverload("ip_family", SimpleType.INT, IP_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "masked", CelOverloadDecl.newMemberOverload("cidr_masked", CIDR_TYPE, CIDR_TYPE)),
        CelFunctionDecl.newFunctionDeclaration(
            "containsCIDR",
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr_string", SimpleType.BOOL, CIDR_TYPE, SimpleType.STRING),
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr", SimpleType.BOOL, CIDR_TYPE, CIDR_TYPE)));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("is_cidr", String.class, text -> parseCidr(text) != null),
        CelFunctionBinding.from("string_to_cidr", String.class, KubernetesCidrLibrary::cidrOrFail),
        CelFunctionBinding.from("cidr_ip", Cidr.class, Cidr::ip),
        CelFunctionBinding.from("ip_family", Ip.class, Ip::family),
        CelFunctionBinding.from("cidr_masked", Cidr.class, Cidr::masked),
        CelFunctionBinding.from(
            "cidr_contains_cidr_string", Cidr.class, String.class, (cidr, other) -> cidr.contains(cidrOrFail(other))),
        CelFunctionBinding.from("cidr_contains_cidr", Cidr.class, Cidr.class, Cidr::contains));
  }

  private static Cidr cidrOrFail(String text) throws CelEvaluationException {
    Cidr cidr = parseCidr(text);
    if (cidr == null) {
      throw new CelEvaluationException("network address parse error during conversion from string: " + text);
    }
    return cidr;
  }
}
