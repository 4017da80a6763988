package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Three heap snapshots of one Node.js process written at test time by the {@code node} on PATH, of a
 * program whose heap we know (memlab's baseline, target and final): before the baseline it keeps
 * {@value #OLD_LEAKY} {@code Leaky}; the target step keeps {@value #NEW_LEAKY} more (each with a
 * payload object), makes {@value #TEMPS} {@code Temp} that it drops before the final snapshot, and
 * keeps {@value #COUNTERS} closures {@code counter} made by one function expression.
 */
record NodeSteps(Path program, Path baseline, Path target, Path last) {
    static final int OLD_LEAKY = 40, NEW_LEAKY = 100, TEMPS = 500, COUNTERS = 300;
    static final String PROGRAM = """
            const v8 = require('v8');
            class Leaky { constructor(i) { this.index = i; this.payload = { step: i }; } }
            class Temp { constructor(i) { this.index = i; this.note = { i }; } }
            function makeCounter(start) { let n = start; return function counter() { return ++n; }; }
            globalThis.kept = [];
            globalThis.counters = [];
            for (let i = 0; i < %d; i++) globalThis.kept.push(new Leaky(-1 - i));
            let scratch = [];
            v8.writeHeapSnapshot(process.argv[2]);
            for (let i = 0; i < %d; i++) globalThis.kept.push(new Leaky(i));
            for (let i = 0; i < %d; i++) scratch.push(new Temp(i));
            for (let i = 0; i < %d; i++) globalThis.counters.push(makeCounter(i));
            v8.writeHeapSnapshot(process.argv[3]);
            scratch = null;
            for (let i = 0; i < 200; i++) new Temp(i);
            v8.writeHeapSnapshot(process.argv[4]);
            """.formatted(OLD_LEAKY, NEW_LEAKY, TEMPS, COUNTERS);

    /** Runs the program in {@code dir}; fails when node is missing or fails. About 2 s. */
    static NodeSteps write(Path dir) throws Exception {
        Path program = Files.writeString(dir.resolve("steps.js"), PROGRAM);
        var steps = new NodeSteps(program, dir.resolve("baseline.heapsnapshot"), dir.resolve("target.heapsnapshot"),
                dir.resolve("final.heapsnapshot"));
        Process p = new ProcessBuilder(List.of("node", program.toString(), steps.baseline.toString(), steps.target.toString(),
                steps.last.toString())).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node did not finish");
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), out);
        return steps;
    }

    /** The 1-based line of the program that contains {@code text}. */
    static int line(String text) {
        return PROGRAM.lines().toList().indexOf(PROGRAM.lines().filter(l -> l.contains(text)).findFirst().orElseThrow()) + 1;
    }
}
