package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.keys.IBindingService;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.model.HeapGraph;
import org.polyheap.report.ObjectNames;
import org.polyheap.testdata.TestData;
import org.polyheap.ui.editor.GoToObjectHandler;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.InspectorView;

/** Navigate ▸ Go to Object (Ctrl+G): an id typed in the format's syntax selects that object in the Dominator Tree. */
class GoToObjectTest extends WindowTest {

    static Stream<Arguments> fixtures() {
        return Stream.of(Arguments.of("hprof", TestData.JACKSON_TREE, "java.lang.String"),
                Arguments.of("v8", TestData.CHROME_TODO, null));
    }

    /**
     * From the Inspector (a view active, as after walking fields), Ctrl+G's dialog rejects bad syntax and
     * an id the file lacks, with the reason, then takes a real id: the tree selects the object, nested
     * below the top level, and the Inspector shows it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void typedIdSelectsTheObjectInTheDominatorTree(String format, Path fixture, String className) throws Exception {
        SnapshotEditor editor = open(fixture);
        var page = UiTestSupport.window().getActivePage();
        var inspector = (InspectorView) page.showView(InspectorView.ID);
        var bindings = UiTestSupport.window().getService(IBindingService.class);
        assertEquals("Ctrl+G", bindings.getBestActiveBindingFormattedFor(GoToObjectHandler.COMMAND_ID));

        HeapGraph g = editor.snapshot().graph();
        int object = nestedObjectOf(editor, className);
        String id = ObjectNames.id(g, object);
        String missing = missingIdLike(g, id);
        var problems = new ArrayList<String>();
        var okEnabled = new ArrayList<Boolean>();
        UiTestSupport.whenShellOpens(GoToObjectHandler.TITLE, shell -> {
            try {
                for (String typed : List.of("12345", missing, id)) {
                    input(shell).setText(typed);
                    problems.add(errorLine(shell).getText().strip());
                    okEnabled.add(okButton(shell).isEnabled());
                    if (typed.equals(missing)) UiTestSupport.screenshot(shell, format + "-go-to-object-missing");
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } finally {
                UiTestSupport.press(shell, IDialogConstants.OK_ID);
            }
        });
        UiTestSupport.window().getService(IHandlerService.class).executeCommand(GoToObjectHandler.COMMAND_ID, null);

        assertEquals(assertThrows(IllegalArgumentException.class, () -> ObjectNames.find(g, "12345")).getMessage(), problems.get(0),
                "the syntax error as ObjectNames says it");
        assertTrue(problems.get(0).contains("0x<address>"), problems.get(0));
        assertEquals("no object " + missing + " in " + fixture.getFileName(), problems.get(1));
        assertEquals("", problems.get(2));
        assertEquals(List.of(false, false, true), okEnabled, "OK only for an object of the file");
        assertEquals(SnapshotEditor.DOMINATORS, editor.activePage());
        assertTrue(page.getActivePart() == editor, "the editor is activated, so the views follow its selection");
        var selected = ((IStructuredSelection) editor.dominators().viewer().getSelection()).getFirstElement();
        assertEquals(new ObjectRef(editor.snapshot(), object), selected);
        assertEquals(1, editor.dominators().viewer().getTree().getSelection().length);
        UiTestSupport.spinUntil(() -> selected.equals(inspector.shown()), UiTestSupport.TIMEOUT_MS, "the Inspector on " + id);
        UiTestSupport.screenshot(format + "-go-to-object");
    }

    /** An object of {@code className} (null: any) that the tree shows below the top level (so revealing it must expand). */
    private static int nestedObjectOf(SnapshotEditor editor, String className) {
        HeapGraph g = editor.snapshot().graph();
        var rows = editor.dominators().rows();
        for (int o = g.objectCount() - 1; o >= 0; o--) {
            if ((className == null || ObjectNames.className(g, o).equals(className)) && rows.pathTo(o).size() > 2) return o;
        }
        throw new AssertionError("no nested " + className);
    }

    /** An id in the same syntax as {@code id} that names no object of the file. */
    private static String missingIdLike(HeapGraph g, String id) {
        boolean address = id.startsWith("0x");
        long value = address ? Long.parseUnsignedLong(id.substring(2), 16) : Long.parseLong(id.substring(1));
        String text;
        do {
            value++;
            text = address ? "0x" + Long.toHexString(value) : "@" + value;
        } while (ObjectNames.find(g, text) >= 0);
        return text;
    }

    private static Text input(Shell dialog) {
        return UiTestSupport.find(dialog, Text.class).stream().filter(t -> (t.getStyle() & SWT.READ_ONLY) == 0).findFirst().orElseThrow();
    }

    /** InputDialog's error line: a read-only text under the field. */
    private static Text errorLine(Shell dialog) {
        return UiTestSupport.find(dialog, Text.class).stream().filter(t -> (t.getStyle() & SWT.READ_ONLY) != 0).findFirst().orElseThrow();
    }

    private static Button okButton(Shell dialog) {
        return UiTestSupport.find(dialog, Button.class).stream().filter(b -> Integer.valueOf(IDialogConstants.OK_ID).equals(b.getData()))
                .findFirst().orElseThrow();
    }
}
