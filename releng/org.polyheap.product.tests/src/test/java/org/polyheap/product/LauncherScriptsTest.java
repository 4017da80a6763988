package org.polyheap.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.product.Products.Platform;
import org.polyheap.product.Products.Run;

/**
 * The launcher scripts: shellcheck finds nothing in the Linux and macOS ones (and the build's);
 * the macOS launcher, run here on Linux, finds its install through a symbolic link, takes JAVA_HOME,
 * runs the headless command with its exit codes, and says it needs Java when there is none; the
 * Linux aarch64 product (no runtime) runs on JAVA_HOME. Windows' polyheap.cmd cannot run here:
 * docs/build.md compares it with the Linux script line by line.
 */
class LauncherScriptsTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "features/org.polyheap.feature/rootfiles/polyheap",
        "features/org.polyheap.feature/rootfiles/lib/jdk.sh",
        "releng/org.polyheap.product/macosx/polyheap",
        "releng/org.polyheap.product/finish-products.sh",
        "releng/org.polyheap.product.tests/wine/check-polyheap-cmd.sh",
        "polyheap"})
    void shellcheckFindsNothing(String script) throws Exception {
        Path shellcheck = Path.of("/usr/bin/shellcheck");
        assertTrue(Files.isExecutable(shellcheck), "shellcheck is needed: apt-get install shellcheck (./polyheap test installs it when root)");
        Path file = Products.repository().resolve(script);
        assertTrue(Files.isRegularFile(file), "no " + file);
        // -x -P SCRIPTDIR: follow the sourced lib/jdk.sh, found beside the script
        Run r = Products.run(Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8"), 120,
                shellcheck.toString(), "-x", "-P", "SCRIPTDIR", file.toString());
        assertEquals(0, r.code(), "shellcheck " + script + "\n" + r.out() + r.err());
    }

    @Test
    void macLauncherRunsTheHeadlessCommandThroughALink(@TempDir Path dir) throws Exception {
        Platform mac = Products.PLATFORMS.get(4);
        Products.unpack(mac, dir);
        // as the README says: a symbolic link on PATH to Contents/MacOS/polyheap
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("polyheap"), dir.resolve("Polyheap.app/Contents/MacOS/polyheap"));
        Map<String, String> env = new HashMap<>(Products.cleanEnvironment(dir, Products.toolsWithoutJava()));
        env.put("PATH", bin + ":" + env.get("PATH"));
        String jdk = System.getProperty("java.home");
        env.put("JAVA_HOME", jdk);
        env.put("POLYHEAP_JAVA_OPTS", "-XshowSettings:properties");

        Run help = Products.run(env, 120, bin.resolve("polyheap").toString(), "--help");
        assertEquals(0, help.code(), help.toString());
        assertTrue(help.out().contains("Usage: polyheap"), help.toString());
        assertEquals(Path.of(jdk).toRealPath().toString(), Path.of(LinuxRuntimeTest.javaHome(help.err())).toRealPath().toString());

        env.remove("POLYHEAP_JAVA_OPTS");
        Run missing = Products.run(env, 120, bin.resolve("polyheap").toString(), "overview", dir.resolve("nothing.hprof").toString());
        assertEquals(3, missing.code(), "bad input: exit code 3\n" + missing);
        Run usage = Products.run(env, 120, bin.resolve("polyheap").toString(), "overview");
        assertEquals(2, usage.code(), "usage: exit code 2\n" + usage);

        // the heap limit the window's preferences write, read from the same file as on Linux
        Path conf = Files.createDirectories(Path.of(env.get("XDG_CONFIG_HOME"), "polyheap")).resolve("polyheap.conf");
        Files.writeString(conf, "# written by the window\nPOLYHEAP_XMX=1g\nPOLYHEAP_XMX=300m\n");
        env.put("POLYHEAP_JAVA_OPTS", "-XshowSettings:vm");
        Run limited = Products.run(env, 120, bin.resolve("polyheap").toString(), "--help");
        assertEquals(0, limited.code(), limited.toString());
        assertTrue(limited.err().contains("Max. Heap Size: 300.00M"), "the last POLYHEAP_XMX line of polyheap.conf\n" + limited);
    }

    /**
     * The window's command line, with a stand-in java that prints its arguments (the macOS one
     * cannot start here: Linux's java has no -XstartOnFirstThread): the Linux and macOS launchers
     * pass the equinox launcher, the install, the workspace and the files after --.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4}) // linux aarch64 (no runtime/ to take before JAVA_HOME), macOS aarch64
    void desktopCommandLine(int platform, @TempDir Path dir) throws Exception {
        Platform p = Products.PLATFORMS.get(platform);
        Products.unpack(p, dir);
        Path jdk = Files.createDirectories(dir.resolve("fake-jdk/bin"));
        Files.writeString(dir.resolve("fake-jdk/release"), "JAVA_VERSION=\"25.0.1\"\n");
        Files.writeString(jdk.resolve("java"), "#!/usr/bin/env bash\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(jdk.resolve("java"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>(Products.cleanEnvironment(dir, Products.toolsWithoutJava()));
        env.put("JAVA_HOME", dir.resolve("fake-jdk").toString());
        env.put("DISPLAY", ":99"); // the Linux launcher wants one; the stand-in does not use it
        Path install = dir.resolve(p.install());
        String launcher = dir.resolve(p.launcher()).toString();

        Run plain = Products.run(env, 60, launcher);
        assertEquals(0, plain.code(), plain.toString());
        List<String> args = List.of(plain.out().split("\n"));
        assertTrue(args.contains("-jar") && args.get(args.indexOf("-jar") + 1).matches(".*/plugins/org\\.eclipse\\.equinox\\.launcher_[^/]*\\.jar"), plain.toString());
        assertEquals(install.toString(), args.get(args.indexOf("-install") + 1), plain.toString());
        assertEquals(Path.of(env.get("XDG_STATE_HOME"), "polyheap", "workspace").toString(), args.get(args.indexOf("-data") + 1), plain.toString());
        assertEquals("-nosplash", args.getLast(), "no files: nothing after -nosplash\n" + plain);
        assertEquals(p.mac(), args.contains("-XstartOnFirstThread"), plain.toString());

        Path snapshot = Files.writeString(dir.resolve("a b.heapsnapshot"), "{}");
        Run files = Products.run(env, 60, launcher, snapshot.toString(), "overview");
        List<String> fileArgs = List.of(files.out().split("\n"));
        assertEquals(List.of("-nosplash", "--", snapshot.toString(), "overview"), fileArgs.subList(fileArgs.size() - 4, fileArgs.size()), files.toString());

        Run options = Products.run(env, 60, launcher, "-consoleLog", "--", snapshot.toString());
        List<String> optionArgs = List.of(options.out().split("\n"));
        assertEquals(List.of("-nosplash", "-consoleLog", "--", snapshot.toString()), optionArgs.subList(optionArgs.size() - 4, optionArgs.size()), options.toString());
    }

    @Test
    void macLauncherWithoutJavaSaysWhatToInstall(@TempDir Path dir) throws Exception {
        Platform mac = Products.PLATFORMS.get(3);
        Products.unpack(mac, dir);
        Map<String, String> env = Products.cleanEnvironment(dir, Products.toolsWithoutJava());
        Run r = Products.run(env, 60, dir.resolve("Polyheap.app/Contents/MacOS/polyheap").toString(), "--help");
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("needs Java 25 or newer") && r.err().contains("java_home"), r.toString());
    }

    @Test
    void linuxAarch64LauncherRunsOnJavaHome(@TempDir Path dir) throws Exception {
        Platform arm = Products.PLATFORMS.get(1);
        Products.unpack(arm, dir);
        Map<String, String> env = new HashMap<>(Products.cleanEnvironment(dir, Products.toolsWithoutJava()));
        String jdk = System.getProperty("java.home");
        env.put("JAVA_HOME", jdk);
        env.put("POLYHEAP_JAVA_OPTS", "-XshowSettings:all"); // VM settings (the heap size) and properties
        env.put("POLYHEAP_XMX", "300m");
        Run help = Products.run(env, 120, dir.resolve("polyheap/polyheap").toString(), "help");
        assertEquals(0, help.code(), help.toString());
        assertEquals(Path.of(jdk).toRealPath().toString(), Path.of(LinuxRuntimeTest.javaHome(help.err())).toRealPath().toString());
        assertTrue(help.err().contains("Max. Heap Size: 300.00M"), "POLYHEAP_XMX reaches the JVM\n" + help);
        assertTrue(List.of(help.out().split("\n")).stream().anyMatch(l -> l.startsWith("Usage: polyheap")), help.toString());
    }
}
