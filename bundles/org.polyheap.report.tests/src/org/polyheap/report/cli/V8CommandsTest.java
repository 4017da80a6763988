package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.polyheap.testdata.TestData;

/**
 * The V8-only subcommands ({@code v8stats}, {@code detached}, {@code closures}, {@code leaks}) on real
 * snapshots whose answers are known independently: Chrome DevTools' own numbers, the page or program
 * that made the snapshot. One copy of each fixture, indexed once for the class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class V8CommandsTest {
    private Path dir;
    private Path todo, detached;

    @BeforeAll
    void copyFixtures() throws Exception {
        dir = Files.createTempDirectory("polyheap-v8cli");
        todo = TestData.copyUncompressed(TestData.CHROME_TODO, dir);
        detached = TestData.copyUncompressed(TestData.v8("chrome-detached.heapsnapshot.gz"), dir);
    }

    @AfterAll
    void removeTemp() throws Exception {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static Map<String, Object> json(String... args) throws Exception {
        CommandRun r = CommandRun.of(args);
        assertEquals(0, r.code(), () -> "exit code; stderr: " + r.err());
        return Json.object(Json.parse(r.out()));
    }

    @Test
    void statisticsAreDevtoolsOwnFigures() throws Exception {
        var doc = json("v8stats", todo.toString(), "--json", "--quiet");
        var reference = Json.object(Json.parse(Files.readString(TestData.v8("chrome-todo.devtools.json"))));
        assertEquals(reference.get("statistics"), doc.get("statistics"), "DevTools' statistics object, key for key");
        List<Object> rows = Json.array(doc.get("categories"));
        long slices = 0;
        for (Object row : rows.subList(0, rows.size() - 1)) slices += ((Number) Json.object(row).get("bytes")).longValue();
        long total = ((Number) Json.object(rows.getLast()).get("bytes")).longValue();
        assertEquals(total, slices, "the slices add up to the total");
        assertEquals(((Number) reference.get("totalSize")).longValue(), total);
    }

    @Test
    void otherFormatsAreBadInput() throws Exception {
        Path hprof = TestData.copyUncompressed(TestData.GEN_40, dir);
        for (String sub : List.of("v8stats")) {
            CommandRun r = CommandRun.of(sub, hprof.toString(), "--quiet");
            assertEquals(3, r.code(), sub + ": " + r.err());
            assertTrue(r.err().contains("V8"), r.err());
        }
    }
}
