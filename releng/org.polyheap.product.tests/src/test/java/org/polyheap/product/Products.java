package org.polyheap.product;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The product archives of org.polyheap.product and what the tests do with them. */
final class Products {
    private Products() {}

    /** One platform the build makes a product for. */
    record Platform(String os, String ws, String arch) {
        /** As in the archive's name: linux.gtk.x86_64. */
        String id() { return os + "." + ws + "." + arch; }

        /** The SWT fragment for it: org.eclipse.swt.gtk.linux.x86_64. */
        String swtFragment() { return "org.eclipse.swt." + ws + "." + os + "." + arch; }

        boolean mac() { return os.equals("macosx"); }

        boolean windows() { return os.equals("win32"); }

        /** The installed product (plugins/, configuration/) inside the archive. */
        String install() { return mac() ? "Polyheap.app/Contents/Eclipse" : "polyheap"; }

        /** The launcher inside the archive. */
        String launcher() {
            return mac() ? "Polyheap.app/Contents/MacOS/polyheap" : windows() ? "polyheap/polyheap.cmd" : "polyheap/polyheap";
        }

        /** The platform README inside the archive (beside Polyheap.app on macOS). */
        String readme() { return mac() ? "README.txt" : "polyheap/README.txt"; }

        @Override public String toString() { return id(); }
    }

    static final List<Platform> PLATFORMS = List.of(
            new Platform("linux", "gtk", "x86_64"),
            new Platform("linux", "gtk", "aarch64"),
            new Platform("win32", "win32", "x86_64"),
            new Platform("macosx", "cocoa", "x86_64"),
            new Platform("macosx", "cocoa", "aarch64"));

    static Stream<Platform> platforms() { return PLATFORMS.stream(); }

    static final Platform LINUX_X86_64 = PLATFORMS.get(0);

    static Path productsDir() { return Path.of(System.getProperty("polyheap.products", "../org.polyheap.product/target/products")); }

    static Path repository() { return Path.of(System.getProperty("polyheap.repository", "../..")).toAbsolutePath().normalize(); }

    static Path archive(Platform p) {
        Path zip = productsDir().resolve("polyheap-" + System.getProperty("polyheap.version", "0.1.0-SNAPSHOT") + "-" + p.id() + ".zip");
        assertTrue(Files.isRegularFile(zip), "the build made no " + zip);
        return zip;
    }

    /** The archive as a file system whose files have their Unix permissions. */
    static FileSystem open(Platform p) throws IOException {
        return FileSystems.newFileSystem(archive(p), Map.of("enablePosixFileAttributes", "true"));
    }

    static Set<PosixFilePermission> permissions(Path file) throws IOException {
        return Files.getFileAttributeView(file, PosixFileAttributeView.class).readAttributes().permissions();
    }

    /** Unpacks the archive into {@code dir}, keeping the Unix permissions (the executable bit). */
    static void unpack(Platform p, Path dir) throws IOException {
        try (FileSystem zip = open(p); Stream<Path> files = Files.walk(zip.getPath("/"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = dir.resolve(zip.getPath("/").relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    Files.copy(f, to);
                    Files.setPosixFilePermissions(to, permissions(f));
                    // as unzip does: the runtime's AOT caches accept only jars of the times they were made with
                    Files.setLastModifiedTime(to, Files.getLastModifiedTime(f));
                }
            }
        }
    }

    /**
     * A folder holding only symbolic links to the tools the launcher scripts use (and no java): the
     * PATH of a machine without Java. In target/, not in a test's temporary folder (whose deletion
     * warns about each link that leads out of it).
     */
    static synchronized Path toolsWithoutJava() throws IOException {
        Path bin = Path.of("target", "tools-without-java").toAbsolutePath();
        if (Files.isDirectory(bin)) return bin;
        Path temp = Files.createDirectories(Path.of("target")).resolve("tools-without-java.tmp");
        if (Files.exists(temp)) {
            try (Stream<Path> old = Files.list(temp)) { for (Path f : old.toList()) Files.delete(f); }
        } else {
            Files.createDirectory(temp);
        }
        for (String tool : List.of("bash", "env", "dirname", "readlink", "sed", "tail", "head", "ls", "sort", "mkdir",
                "cat", "uname", "awk", "basename")) {
            for (String d : List.of("/usr/bin", "/bin")) {
                Path t = Path.of(d, tool);
                if (Files.isExecutable(t)) {
                    Files.createSymbolicLink(temp.resolve(tool), t.toRealPath());
                    break;
                }
            }
        }
        assertTrue(Files.exists(temp.resolve("bash"), LinkOption.NOFOLLOW_LINKS), "no bash in /usr/bin or /bin");
        Files.move(temp, bin);
        return bin;
    }

    /** What a command did. */
    record Run(int code, String out, String err) {
        @Override public String toString() { return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err; }
    }

    /**
     * Runs a command with exactly this environment (nothing inherited) and waits for it, at most
     * {@code seconds}.
     */
    static Run run(Map<String, String> env, int seconds, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var out = drain(p.getInputStream());
        var err = drain(p.getErrorStream());
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("still running after " + seconds + " s: " + String.join(" ", command));
        }
        out.join();
        err.join();
        return new Run(p.exitValue(), out.text(), err.text());
    }

    /** A thread that reads a stream to its end. */
    static final class Drain extends Thread {
        private final InputStream in;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Drain(InputStream in) { this.in = in; setDaemon(true); }

        @Override public void run() {
            try (in) { in.transferTo(bytes); } catch (IOException e) { throw new UncheckedIOException(e); }
        }

        String text() { synchronized (bytes) { return bytes.toString(StandardCharsets.UTF_8); } }
    }

    static Drain drain(InputStream in) {
        Drain d = new Drain(in);
        d.start();
        return d;
    }

    /** The environment of a user on a machine without Java: home and XDG folders under {@code dir}. */
    static Map<String, String> cleanEnvironment(Path dir, Path bin) throws IOException {
        Map<String, String> env = new HashMap<>();
        Path home = Files.createDirectories(dir.resolve("home"));
        env.put("HOME", home.toString());
        env.put("PATH", bin.toString());
        env.put("LANG", "C.UTF-8");
        for (String xdg : List.of("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")) {
            env.put(xdg, Files.createDirectories(home.resolve(xdg.toLowerCase())).toString());
        }
        return env;
    }

    /** Lines of a text file. */
    static List<String> lines(Path file) throws IOException { return new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8)); }
}
