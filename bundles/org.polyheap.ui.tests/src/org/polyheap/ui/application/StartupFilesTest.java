package org.polyheap.ui.application;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class StartupFilesTest {

    @Test
    void filesAreTheArgumentsAfterTheSeparator() {
        String[] args = { "-testproperties", "/tmp/surefire.properties", "--", "a.hprof", "/x/b.heapsnapshot" };
        assertEquals(List.of(Path.of("a.hprof").toAbsolutePath(), Path.of("/x/b.heapsnapshot")),
                StartupFiles.fromArguments(args));
    }

    @Test
    void withoutSeparatorThereAreNoFiles() {
        assertEquals(List.of(), StartupFiles.fromArguments(new String[] { "-product", "x", "file.hprof" }));
        assertEquals(List.of(), StartupFiles.fromArguments(null));
    }
}
