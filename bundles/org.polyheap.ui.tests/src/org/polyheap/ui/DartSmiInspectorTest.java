package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.views.InspectorView;

/**
 * The Inspector shows a Dart field that holds a small integer (Smi) as the integer; the value is what
 * an independent decoder read for the fixture ({@code dart-sass-ia32-a-tiny.smi-fields.txt}: object,
 * class, field, Smi object, value, in the file's 1-based numbering).
 */
class DartSmiInspectorTest extends WindowTest {
    @Test
    void growableListLengthShowsItsInteger() throws Exception {
        String[] expected = Files.readAllLines(TestData.dart("dart-sass-ia32-a-tiny.smi-fields.txt")).getFirst().split(" ");
        var editor = openShared(TestData.DART_TINY);
        var ref = new ObjectRef(editor.snapshot(), Integer.parseInt(expected[0]) - 1);
        assertEquals(expected[1], ref.className());
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        page.activate(editor);
        inspector.show(ref);
        UiTestSupport.spinUntil(() -> ref.equals(inspector.shown()) && inspector.lines().stream().noneMatch(l -> l.value().equals("reading\u2026")),
                UiTestSupport.TIMEOUT_MS, "fields read");
        var line = inspector.lines().stream().filter(l -> l.name().equals(expected[2])).findFirst().orElseThrow(
                () -> new AssertionError("no field " + expected[2] + " in " + inspector.lines()));
        assertEquals(expected[4], line.value());
        assertTrue(line.type().startsWith("int (Smi "), line.type());
        assertEquals(Integer.parseInt(expected[3]) - 1, line.target().objectId(), "the row still points at the Smi object");
        UiTestSupport.screenshot("dart-inspector-smi");
    }
}
