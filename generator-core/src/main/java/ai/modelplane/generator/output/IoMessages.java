package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Turns I/O exceptions into one line for users. Java's own messages are often just a path ({@code
 * AccessDeniedException: out/x}), which says where but not what.
 */
public final class IoMessages {
  private IoMessages() {}

  /** {@code PATH: what went wrong} for file-system errors, the message itself otherwise. */
  public static String describe(IOException e) {
    if (e instanceof FileSystemException fs && fs.getFile() != null) {
      return fs.getFile() + ": " + reason(e);
    }
    return e.getMessage() == null || e.getMessage().isBlank() ? NO_REASON : e.getMessage();
  }

  /** What an exception without a message says: never the JDK's class name. */
  private static final String NO_REASON =
      "input/output error (the operating system gave no reason)";

  /** What went wrong, without the path. */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "not a folder";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "folder not empty";
    }
    if (e instanceof FileSystemException fs) {
      return fs.getReason() != null ? fs.getReason() : NO_REASON;
    }
    return e.getMessage() == null || e.getMessage().isBlank() ? NO_REASON : e.getMessage();
  }
}
