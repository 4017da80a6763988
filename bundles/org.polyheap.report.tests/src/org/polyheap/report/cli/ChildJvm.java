package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test program of testdata ({@code TestData.javaProgram}) in a JVM of its own, the one running the
 * tests, compiled first into {@code dir} so that the program is its own main class (not the source
 * launcher's), with the JVM options and program arguments given; the environment's Java option variables
 * are removed so that the JVM gets exactly those. Fails the test when it does not end with 0 within 60 s.
 */
final class ChildJvm {
    private ChildJvm() { }

    static void run(Path source, Path dir, List<String> jvmOptions, List<String> arguments) throws Exception {
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        Path classes = dir.resolve("classes");
        Path log = dir.resolve("child.log");
        run(List.of(bin.resolve("javac").toString(), "-d", classes.toString(), source.toAbsolutePath().toString()), dir, log);
        var command = new ArrayList<>(List.of(bin.resolve("java").toString(), "-cp", classes.toString()));
        command.addAll(jvmOptions);
        command.add(source.getFileName().toString().replace(".java", ""));
        command.addAll(arguments);
        run(command, dir, log);
    }

    private static void run(List<String> command, Path dir, Path log) throws Exception {
        var builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeAll(Set.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        Process p = builder.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command.getFirst() + " did not end within 60 s: " + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + ": " + readQuietly(log));
    }

    private static String readQuietly(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
