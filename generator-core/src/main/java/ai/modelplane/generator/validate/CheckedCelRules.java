package ai.modelplane.generator.validate;

import ai.modelplane.generator.lazy.Once;
import com.google.protobuf.CodedOutputStream;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelProtoAbstractSyntaxTree;
import dev.cel.expr.CheckedExpr;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CRD's CEL rules, parsed and type-checked once at build time ({@code CheckedCelRulesStep}, in
 * {@code src/build/java}) and stored in this jar as protobuf {@code CheckedExpr}s, keyed by the
 * rule's exact text. Parsing and checking (ANTLR, the checker, the standard declarations) is most
 * of what CEL costs a cold process; a program is built from a stored AST only when the CRD being
 * used has a rule with exactly that text, so the CRD stays the only source of the rules, and a rule
 * this file does not hold is compiled as before.
 */
public final class CheckedCelRules {
  /** Classpath location, next to the CRD the build compiled it from. */
  public static final String RESOURCE = "schema/akscluster-crd.cel-checked.bin";

  private static final String FORMAT = "modelplane-cel-checked-v1";

  private static final Once<Map<String, CelAbstractSyntaxTree>> BUNDLED =
      new Once<>(CheckedCelRules::readBundled);

  private CheckedCelRules() {}

  /**
   * Rule text to checked AST, in CRD order; protobuf's deterministic form, so equal rules give
   * equal bytes.
   */
  static byte[] serialize(Map<String, CelAbstractSyntaxTree> checked) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeUTF(FORMAT);
      out.writeInt(checked.size());
      for (Map.Entry<String, CelAbstractSyntaxTree> rule : checked.entrySet()) {
        CheckedExpr expr = CelProtoAbstractSyntaxTree.fromCelAst(rule.getValue()).toCheckedExpr();
        ByteArrayOutputStream exprBytes = new ByteArrayOutputStream();
        CodedOutputStream coded = CodedOutputStream.newInstance(exprBytes);
        coded.useDeterministicSerialization();
        expr.writeTo(coded);
        coded.flush();
        byte[] text = rule.getKey().getBytes(StandardCharsets.UTF_8);
        out.writeInt(text.length);
        out.write(text);
        out.writeInt(exprBytes.size());
        exprBytes.writeTo(out);
      }
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<String, CelAbstractSyntaxTree> deserialize(InputStream stream) throws IOException {
    DataInputStream in = new DataInputStream(stream);
    if (!FORMAT.equals(in.readUTF())) {
      return Map.of();
    }
    int count = in.readInt();
    Map<String, CelAbstractSyntaxTree> rules = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String text = new String(in.readNBytes(in.readInt()), StandardCharsets.UTF_8);
      CheckedExpr expr = CheckedExpr.parseFrom(in.readNBytes(in.readInt()));
      rules.put(text, CelProtoAbstractSyntaxTree.fromCheckedExpr(expr).getAst());
    }
    return rules;
  }

  /**
   * The checked rules in this jar, read once per process; empty when the build did not make them.
   */
  static Map<String, CelAbstractSyntaxTree> bundled() {
    return BUNDLED.get();
  }

  private static Map<String, CelAbstractSyntaxTree> readBundled() {
    try (InputStream in = CheckedCelRules.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      return in == null ? Map.of() : deserialize(in);
    } catch (IOException | RuntimeException e) {
      // A damaged file costs start-up time only: every rule is then compiled from the CRD.
      return Map.of();
    }
  }
}
