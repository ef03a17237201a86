import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Build step for the standalone jar (run by the build as a single-file program, with ASM on its class path):
 * removes line-number tables, local-variable tables and source file names from every class except those
 * under the kept prefix (our own, so --verbose stack traces still point at our lines). Nothing the JVM
 * executes changes, and no class or resource is added or removed; the jar gets about a sixth smaller.
 * Entry order and timestamps are kept, so the jar stays reproducible.
 *
 * <p>Usage: {@code java -cp asm.jar StripDebugInfo.java JAR KEPT_PREFIX}
 */
public final class StripDebugInfo {
  public static void main(String[] args) throws IOException {
    Path jar = Path.of(args[0]);
    String keptPrefix = args[1];
    Path stripped = jar.resolveSibling(jar.getFileName() + ".stripping");
    try (ZipFile in = new ZipFile(jar.toFile());
        OutputStream file = Files.newOutputStream(stripped);
        ZipOutputStream out = new ZipOutputStream(file)) {
      out.setLevel(Deflater.BEST_COMPRESSION);
      for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
        ZipEntry entry = entries.nextElement();
        byte[] bytes = in.getInputStream(entry).readAllBytes();
        String name = entry.getName();
        if (name.endsWith(".class") && !name.startsWith(keptPrefix) && !name.endsWith("module-info.class")) {
          bytes = strip(bytes);
        }
        ZipEntry copy = new ZipEntry(name);
        copy.setTimeLocal(entry.getTimeLocal());
        out.putNextEntry(copy);
        out.write(bytes);
        out.closeEntry();
      }
    }
    Files.move(stripped, jar, StandardCopyOption.REPLACE_EXISTING);
  }

  private static byte[] strip(byte[] classFile) {
    // A fresh constant pool (no ClassReader given to the writer), so the names the tables used go too.
    ClassWriter writer = new ClassWriter(0);
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visitSource(String source, String debug) {}

      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
          @Override
          public void visitLineNumber(int line, Label start) {}

          @Override
          public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end, int index) {}
        };
      }
    }, 0);
    return writer.toByteArray();
  }
}
