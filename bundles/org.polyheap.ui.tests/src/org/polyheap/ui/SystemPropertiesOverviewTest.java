package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SystemPropertiesPart;
import org.polyheap.ui.views.InspectorView;

/**
 * The Overview of a Java heap dump shows the JVM and its system properties ({@code polyheap sysprops}):
 * a dump written at test time by {@code SystemFacts} (testdata) with known JVM options; a property row
 * stands for its value's object. Other formats have no such section.
 */
class SystemPropertiesOverviewTest extends WindowTest {
    private static final String CHANGED = "polyheap.test.changed";

    @Test
    void theOverviewListsTheJvmAndThePropertiesSetOrChangedAfterStartUp() throws Exception {
        Path dump = UiTestSupport.javaHeapDump(TestData.javaProgram("SystemFacts"),
                List.of("-D" + CHANGED + "=at start", "-Dpolyheap.test.spaced=a b", "-XX:+UseSerialGC"), classDir.resolve("facts.hprof"));
        SnapshotEditor editor = UiTestSupport.open(dump);
        var window = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) window.showView(InspectorView.ID);
        window.activate(editor);
        editor.showPage(SnapshotEditor.OVERVIEW);
        var overview = editor.overview();
        UiTestSupport.waitFor(overview.systemPropertiesJob());
        UiTestSupport.spinUntil(() -> overview.systemPropertyRows().size() == 2, UiTestSupport.TIMEOUT_MS, "the properties read");

        var jvm = overview.systemPropertyRows().get(0).children();
        var arguments = row(jvm, "JVM arguments");
        assertTrue(arguments.value().contains("\"-D" + CHANGED + "=at start\""), arguments.value());
        assertTrue(arguments.value().contains("-XX:+UseSerialGC"), arguments.value());
        assertTrue(row(jvm, "Java").value().startsWith(System.getProperty("java.version") + " "), row(jvm, "Java").value());

        var properties = overview.systemPropertyRows().get(1).children();
        assertEquals("a b", row(properties, "polyheap.test.spaced").value());
        var changed = row(properties, CHANGED);
        assertEquals("changed at run time", changed.value());
        assertEquals("at start", changed.atStartup());
        assertNull(row(properties, "java.version").atStartup());
        assertEquals(headlessCount(dump), properties.size(), "the command's properties, row for row");

        overview.systemPropertiesViewer().setSelection(new StructuredSelection(changed), true);
        UiTestSupport.spinUntil(() -> changed.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the value");
        assertEquals("java.lang.String", inspector.shown().className());
        window.activate(editor);
        window.toggleZoom(window.getReference(editor));
        var tree = overview.systemPropertiesViewer().getTree();
        for (var c = tree.getParent(); c != null; c = c.getParent()) { // the Overview's sash: room for the arguments and some properties
            if (c instanceof org.eclipse.swt.custom.SashForm sash) sash.setWeights(1, 1);
        }
        UiTestSupport.drainEvents();
        var jvmItem = tree.getItem(0);
        tree.setTopItem(java.util.Arrays.stream(jvmItem.getItems()).filter(i -> i.getText(0).equals("Command")).findFirst().orElse(jvmItem));
        UiTestSupport.drainEvents();
        UiTestSupport.screenshot("hprof-overview-system-properties");
        window.toggleZoom(window.getReference(editor));
    }

    @Test
    void otherFormatsHaveNoSystemProperties() throws Exception {
        SnapshotEditor editor = openShared(TestData.CHROME_TODO);
        assertNull(editor.overview().systemPropertiesJob());
        assertTrue(editor.overview().viewers().isEmpty());
    }

    private static SystemPropertiesPart.Row row(List<SystemPropertiesPart.Row> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name + " in " + rows));
    }

    private static long headlessCount(Path dump) {
        return UiTestSupport.headless("sysprops", dump.toString(), "--json", "--quiet").lines().filter(l -> l.trim().startsWith("\"key\": ")).count();
    }
}
