import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
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
import org.objectweb.asm.commons.JSRInlinerAdapter;

/**
 * Build step for the standalone jar (run by the build as a single-file program, with ASM on its
 * class path). For every class except those under the kept prefix (our own, so --verbose stack
 * traces still point at our lines) it:
 *
 * <ul>
 *   <li>removes line-number tables, local-variable tables and source file names: nothing the JVM
 *       executes changes, and the jar gets about a sixth smaller;
 *   <li>rewrites class files older than Java 6 (picocli ships Java 5 ones) as Java 8 class files
 *       with stack map frames. The JVM verifies old class files with the slow type-inferring
 *       verifier and a class-data sharing archive cannot hold them at all, which cost every cold
 *       run of the CLI about a tenth of its time; the bytecode itself is unchanged.
 * </ul>
 *
 * No class or resource is added or removed. Entry order and timestamps are kept, so the jar stays
 * reproducible.
 *
 * <p>Usage: {@code java -cp asm.jar:asm-commons.jar:asm-tree.jar RewriteLibraryClasses.java JAR
 * KEPT_PREFIX}
 */
public final class RewriteLibraryClasses {
  private static final int JAVA_6 = 50;

  public static void main(String[] args) throws IOException {
    Path jar = Path.of(args[0]);
    String keptPrefix = args[1];
    Path rewritten = jar.resolveSibling(jar.getFileName() + ".rewriting");
    // Computing frames needs the common superclass of two types: found among the jar's own classes.
    try (URLClassLoader jarClasses = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
        ZipFile in = new ZipFile(jar.toFile());
        OutputStream file = Files.newOutputStream(rewritten);
        ZipOutputStream out = new ZipOutputStream(file)) {
      out.setLevel(Deflater.BEST_COMPRESSION);
      for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
        ZipEntry entry = entries.nextElement();
        byte[] bytes = in.getInputStream(entry).readAllBytes();
        String name = entry.getName();
        if (name.endsWith(".class")
            && !name.startsWith(keptPrefix)
            && !name.endsWith("module-info.class")) {
          bytes = rewrite(bytes, jarClasses);
        }
        ZipEntry copy = new ZipEntry(name);
        copy.setTimeLocal(entry.getTimeLocal());
        out.putNextEntry(copy);
        out.write(bytes);
        out.closeEntry();
      }
    }
    Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
  }

  private static byte[] rewrite(byte[] classFile, ClassLoader jarClasses) {
    ClassReader reader = new ClassReader(classFile);
    boolean old = reader.readUnsignedShort(6) < JAVA_6;
    // A fresh constant pool (no ClassReader given to the writer), so the names the tables used go
    // too.
    ClassWriter writer =
        old
            ? new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
              @Override
              protected ClassLoader getClassLoader() {
                return jarClasses;
              }
            }
            : new ClassWriter(0);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public void visit(
              int version,
              int access,
              String name,
              String signature,
              String superName,
              String[] interfaces) {
            super.visit(
                old ? Opcodes.V1_8 : version, access, name, signature, superName, interfaces);
          }

          @Override
          public void visitSource(String source, String debug) {}

          @Override
          public MethodVisitor visitMethod(
              int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodVisitor method =
                super.visitMethod(access, name, descriptor, signature, exceptions);
            if (old) {
              // Java 8 class files may not use jsr/ret; inline them (javac has not emitted them
              // since Java 6).
              method =
                  new JSRInlinerAdapter(method, access, name, descriptor, signature, exceptions);
            }
            return new MethodVisitor(Opcodes.ASM9, method) {
              @Override
              public void visitLineNumber(int line, Label start) {}

              @Override
              public void visitLocalVariable(
                  String name,
                  String descriptor,
                  String signature,
                  Label start,
                  Label end,
                  int index) {}
            };
          }
        },
        old ? ClassReader.EXPAND_FRAMES : 0);
    return writer.toByteArray();
  }
}
