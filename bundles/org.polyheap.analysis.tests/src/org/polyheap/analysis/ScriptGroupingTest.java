package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.polyheap.model.Progress;
import org.polyheap.model.format.V8Scripts;
import org.polyheap.testdata.TestData;

/**
 * V8 objects grouped by script (the LIBRARY grouping): one group per script, named as DevTools' Sources
 * panel names it, not one per constructor location (the class key {@code "scriptId,line,column"}).
 */
class ScriptGroupingTest {
    @Test
    void chromeTodoGroupsByScriptName() throws Exception {
        var g = ParsedFixtures.load(TestData.CHROME_TODO);
        var a = HeapAnalysis.run(g, Progress.NONE);
        var rows = a.histogram(Grouping.LIBRARY, null, Progress.NONE);
        // what each script should count: the objects whose class has a location in that script
        var scripts = V8Scripts.names(g);
        Map<String, Long> expected = new HashMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            String key = g.classes().get(g.objectClass().get(o)).library();
            int script = V8Scripts.scriptOfClassKey(key);
            expected.merge(script < 0 ? key : V8Scripts.label(script, scripts), 1L, Long::sum);
        }
        Map<String, Long> actual = new HashMap<>();
        for (var r : rows) {
            assertFalse(r.name().matches("\\d+,\\d+,\\d+"), "a location key as a group: " + r.name());
            actual.put(r.name(), r.objects());
        }
        assertEquals(expected, actual);
        assertTrue(actual.getOrDefault("http://127.0.0.1:9334/todo-app.html", 0L) > 100, actual.toString());
        assertTrue(actual.size() < 10, "a handful of scripts, not a group per location: " + actual.keySet());
    }
}
