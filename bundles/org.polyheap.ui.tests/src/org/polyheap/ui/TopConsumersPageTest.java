package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.ui.editor.ObjectMenu.COPY;
import static org.polyheap.ui.editor.ObjectMenu.DOMINATORS;
import static org.polyheap.ui.editor.ObjectMenu.INCOMING;
import static org.polyheap.ui.editor.ObjectMenu.LIST_OBJECTS;
import static org.polyheap.ui.editor.ObjectMenu.OPEN_IN_TREE;
import static org.polyheap.ui.editor.ObjectMenu.OUTGOING;
import static org.polyheap.ui.editor.ObjectMenu.PATHS;
import static org.polyheap.ui.editor.ObjectMenu.RETAINED_SET;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Label;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.analysis.Grouping;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.ObjectSets;
import org.polyheap.analysis.SyntheticContainers;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.TopConsumersPage;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.ObjectsView;

/**
 * The Top Consumers page on a Java heap dump, a V8 snapshot and a Dart heap snapshot: its biggest object is the dominator
 * tree's, its classes and packages (libraries) the histograms' biggest, with the shares of the heap;
 * object rows are object rows (views, menu), class rows have the Histogram row's menu.
 */
class TopConsumersPageTest extends WindowTest {

    private static Path fixture(String format) {
        return switch (format) {
            case "hprof" -> TestData.JACKSON_TREE;
            case "v8" -> TestData.CHROME_TODO;
            default -> TestData.DART_TINY;
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"hprof", "v8", "dart"})
    void tablesShowTheAnalysisBiggestAndTheirRowsActAsElsewhere(String format) throws Exception {
        SnapshotEditor editor = open(fixture(format));
        var workbench = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) workbench.showView(InspectorView.ID);
        workbench.activate(editor);
        TopConsumersPage page = editor.topConsumers();
        assertNull(page.consumers(), "nothing is made before the page is shown");
        editor.showPage(SnapshotEditor.TOP_CONSUMERS);
        UiTestSupport.waitFor(page.compute());
        UiTestSupport.spinUntil(() -> page.consumers() != null, UiTestSupport.TIMEOUT_MS, "the top consumers");
        UiTestSupport.drainEvents();

        var snapshot = editor.snapshot();
        var analysis = snapshot.analyzed().analysis();
        var tree = analysis.dominatorTree();
        var g = snapshot.graph();

        // biggest objects: the dominator tree's top level, reachability groups aside
        int[] top = java.util.Arrays.stream(analysis.topLevelObjects()).filter(o -> !tree.isGroup(o)).toArray();
        var objects = page.objectsViewer().getTable();
        assertEquals(Math.min(Documents.TOP_ROWS, top.length), objects.getItemCount());
        assertEquals(ObjectNames.id(g, top[0]), objects.getItem(0).getText(0), "the dominator tree's biggest object first");
        assertEquals(Format.bytes(tree.retained().get(top[0])), objects.getItem(0).getText(4));
        assertEquals(Format.percent(tree.retained().get(top[0]), snapshot.heapBytes()), objects.getItem(0).getText(5));
        assertEquals(ObjectNames.id(g, top[objects.getItemCount() - 1]), objects.getItem(objects.getItemCount() - 1).getText(0));

        // biggest classes and packages (libraries): the histograms' rows, synthetic containers left out
        var synthetic = SyntheticContainers.of(g).classNames();
        HistogramRow biggestClass = analysis.histogram(Grouping.CLASS, null, Progress.NONE).stream()
                .filter(r -> !synthetic.contains(r.name())).findFirst().orElseThrow();
        var classes = page.classesViewer().getTable();
        assertEquals(biggestClass.name(), classes.getItem(0).getText(0));
        assertEquals(Format.count(biggestClass.objects()), classes.getItem(0).getText(1));
        assertEquals(Format.bytes(biggestClass.retained()), classes.getItem(0).getText(2));
        assertEquals(Format.percent(biggestClass.retained(), snapshot.heapBytes()), classes.getItem(0).getText(3));
        Grouping grouping = format.equals("hprof") ? Grouping.PACKAGE : Grouping.LIBRARY;
        HistogramRow biggestGroup = analysis.histogram(grouping, null, Progress.NONE).getFirst();
        var groups = page.groupsViewer().getTable();
        assertEquals(grouping.title(), groups.getColumn(0).getText());
        assertEquals(biggestGroup.name().isEmpty() ? "(none)" : biggestGroup.name(), groups.getItem(0).getText(0));
        assertEquals(Format.bytes(biggestGroup.retained()), groups.getItem(0).getText(2));
        assertTrue(UiTestSupport.find(UiTestSupport.window().getShell(), Label.class).stream()
                .anyMatch(l -> l.getText().equals(format.equals("hprof") ? "Biggest packages" : "Biggest libraries")), "the groups' heading");
        UiTestSupport.screenshot(format + "-top-consumers");

        // an object row: the views follow it, the object menu acts on it
        var objectRow = (TopConsumersPage.ObjectRow) page.objectsViewer().getElementAt(0);
        page.objectsViewer().setSelection(new StructuredSelection(objectRow), true);
        UiTestSupport.spinUntil(() -> objectRow.object().equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on the biggest object");
        assertEquals(List.of(PATHS, INCOMING, OUTGOING, RETAINED_SET, DOMINATORS, OPEN_IN_TREE, COPY), UiTestSupport.menuTexts(objects.getMenu()));

        // a class row: List Objects lists every object of the class, as on the Histogram
        page.classesViewer().setSelection(new StructuredSelection(page.classesViewer().getElementAt(0)), true);
        assertEquals(List.of(LIST_OBJECTS, RETAINED_SET, DOMINATORS, COPY), UiTestSupport.menuTexts(classes.getMenu()));
        UiTestSupport.clickMenu(classes, LIST_OBJECTS);
        var objectsView = (ObjectsView) workbench.findView(ObjectsView.ID);
        UiTestSupport.spinUntil(() -> objectsView != null && objectsView.objects() != null && objectsView.objects().length > 0,
                UiTestSupport.TIMEOUT_MS, "the class's objects listed");
        assertEquals(biggestClass.objects(), objectsView.objects().length, "every object of the class");
        assertEquals(ObjectSets.members(g, tree, Grouping.CLASS, biggestClass.name(), null).length, objectsView.objects().length);
        page.groupsViewer().setSelection(new StructuredSelection(page.groupsViewer().getElementAt(0)), true);
        assertEquals(List.of(LIST_OBJECTS, RETAINED_SET, DOMINATORS, COPY), UiTestSupport.menuTexts(groups.getMenu()));
    }
}
