package org.polyheap.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.LeakSuspect;
import org.polyheap.analysis.SyntheticContainers;
import org.polyheap.model.Progress;
import org.polyheap.report.table.Table;
import org.polyheap.testdata.TestData;

/** The tables of the window's Top Consumers page and the suspects' titles, on a real snapshot of each format. */
class TopConsumersQueryTest {
    @TempDir
    Path dir;

    private AnalyzedSnapshot open(String format) throws Exception {
        Path fixture = switch (format) {
            case "hprof" -> TestData.JACKSON_TREE;
            case "v8" -> TestData.CHROME_TODO;
            case "dart" -> TestData.DART_TINY;
            case "fuchsia" -> TestData.FUCHSIA_TREE;
            default -> throw new IllegalArgumentException(format);
        };
        // uncompressed, with a Fuchsia heapdump's contents folder beside it
        return AnalyzedSnapshot.open(TestData.copyUncompressed(fixture, dir), AnalyzedSnapshot.OpenOptions.DEFAULT, Progress.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart", "fuchsia"})
    void tablesListTheAnalysisBiggestWithTheirShareOfTheHeap(String format) throws Exception {
        try (var s = open(format)) {
            var g = s.graph();
            var tree = s.analysis().dominatorTree();
            var c = Queries.topConsumers(s, 10, Progress.NONE);
            int[] top = s.analysis().topConsumers(10, Progress.NONE).objects();
            assertEquals(top.length, c.objectIds().length);
            assertEquals(top.length, c.objects().rows().size());
            for (int i = 0; i < top.length; i++) {
                Object[] row = c.objects().rows().get(i);
                assertEquals(top[i], c.objectIds()[i], "row " + i + " is the analysis' top-level object");
                assertEquals(ObjectNames.id(g, top[i]), row[c.objects().columnIndex("id")]);
                long retained = (Long) row[c.objects().columnIndex("retained")];
                assertEquals(tree.retained().get(top[i]), retained);
                assertEquals(retained * 100.0 / tree.totalBytes(), (Double) row[c.objects().columnIndex("percent")], 1e-9);
            }
            assertDescending(c.objects());

            var synthetic = SyntheticContainers.of(g).classNames();
            List<HistogramRow> classes = s.analysis().histogram(Grouping.CLASS, null, Progress.NONE).stream()
                    .filter(r -> !synthetic.contains(r.name())).limit(10).toList();
            assertEquals(classes, c.classRows(), "the class histogram's biggest, synthetic containers left out");
            assertEquals(Grouping.CLASS.title(), c.classes().columns().getFirst().title());
            for (int i = 0; i < classes.size(); i++) {
                assertEquals(classes.get(i).retained(), c.classes().rows().get(i)[c.classes().columnIndex("retained")]);
            }
            assertDescending(c.classes());

            Grouping grouping = format.equals("hprof") ? Grouping.PACKAGE : Grouping.LIBRARY;
            assertEquals(grouping, c.grouping());
            assertEquals(s.analysis().histogram(grouping, null, Progress.NONE).stream().limit(10).toList(), c.groupRows());
            assertEquals(grouping.title(), c.groups().columns().getFirst().title());
            assertFalse(c.groupRows().isEmpty());
        }
    }

    private static void assertDescending(Table t) {
        int col = t.columnIndex("retained");
        for (int i = 1; i < t.rows().size(); i++) {
            assertTrue((Long) t.rows().get(i - 1)[col] >= (Long) t.rows().get(i)[col], t.name() + " biggest first, row " + i);
        }
    }

    /** jackson-tree's suspect is one object; chrome-todo's are classes of thousands of instances, counted with grouped digits. */
    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8"})
    void suspectTitlesSayOneObjectOrHowManyInstances(String format) throws Exception {
        try (var s = open(format)) {
            var suspects = s.analysis().leakSuspects();
            assertFalse(suspects.isEmpty(), "the fixture has suspects");
            for (LeakSuspect l : suspects) {
                String title = Queries.suspectTitle(s.graph(), l);
                String cls = s.graph().classes().get(l.classId()).name();
                if (format.equals("hprof")) assertEquals("one " + cls, title);
                else assertTrue(title.matches("\\d{1,3}(,\\d{3})+ instances of \\Q" + cls + "\\E"), title);
            }
        }
    }
}
