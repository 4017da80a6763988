package org.polyheap.fuzz;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every seed and every input a fuzzer ever found failing, through its target: each must parse or be
 * refused cleanly, within 20 s. This is Jazzer's regression mode without Jazzer (no agent in OSGi).
 */
class CorpusReplayTest {

    @ParameterizedTest
    @EnumSource(FuzzTargets.class)
    void everyKeptInputIsParsedOrRefusedCleanly(FuzzTargets target) throws Exception {
        List<Path> inputs = target.inputs();
        assertFalse(target != FuzzTargets.INDEX && inputs.isEmpty(), "no seeds for " + target);
        for (Path input : inputs) {
            byte[] bytes = Files.readAllBytes(input);
            replay(target, input.toString(), bytes);
        }
    }

    @Test
    void everyFileOfABuiltIndexIsASeedThatOpens() throws Exception {
        List<String> files = new ArrayList<>(IndexFuzz.base().files());
        assertFalse(files.isEmpty());
        for (String f : files) replay(FuzzTargets.INDEX, "seed " + f, IndexFuzz.seed(f));
    }

    private static void replay(FuzzTargets target, String name, byte[] bytes) {
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertDoesNotThrow(() -> target.body().run(bytes), name), name);
    }
}
