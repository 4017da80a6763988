package org.polyheap.ui.prefs;

import static org.polyheap.ui.prefs.PolyheapPreferences.*;

import org.eclipse.jface.preference.ComboFieldEditor;
import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.jface.preference.RadioGroupFieldEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

/**
 * Polyheap ▸ Sizes and Retention: the per-format options that change the numbers (HPROF size
 * model, which Java references retain, V8 DevTools or raw sizes, Fuchsia frames per allocation
 * site). Open snapshots of the format concerned are analysed again when they change
 * ({@link PreferenceEffects}).
 */
public final class AnalysisPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {
    public static final String ID = "org.polyheap.ui.prefs.analysis";

    public AnalysisPreferencePage() {
        super(GRID);
        setDescription("How sizes are computed and which references keep objects alive. Open snapshots of the "
                + "format concerned are analysed again when you apply a change.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(PolyheapPreferences.store());
    }

    @Override
    protected void createFieldEditors() {
        var java = group("Java HPROF");
        add(java, new ComboFieldEditor(HPROF_SIZE_MODEL, "Shallow sizes:", new String[][] {
                { "Automatic (from the dump's id size and addresses)", AUTO },
                { "64-bit, compressed references (heaps below 32 GB)", "compressed-oops" },
                { "64-bit, 8-byte references", "no-compressed-oops" },
                { "32-bit VM", "32-bit" } }, java));
        add(java, new RadioGroupFieldEditor(JAVA_REFERENTS, "Reference.referent of weak, soft, phantom and final references:", 1,
                new String[][] {
                        { "does not retain (only strong references keep objects alive)", WEAK },
                        { "retains, as in Eclipse MAT (every reference keeps its target alive)", STRONG } },
                java));
        add(java, new RadioGroupFieldEditor(JAVA_STACK_ROOTS, "Objects held by a thread's stack (Java and JNI locals):", 1,
                new String[][] {
                        { "are GC roots of their own (top-level objects of the dominator tree)", STACK_ROOTS_AS_ROOTS },
                        { "are retained by their thread, as in Eclipse MAT", STACK_ROOTS_UNDER_THREAD } },
                java));
        var v8 = group("V8 heap snapshots");
        add(v8, new RadioGroupFieldEditor(V8_SIZES, "Sizes:", 1, new String[][] {
                { "as Chrome DevTools (hidden, array and external string parts counted in their single owner)", DEVTOOLS },
                { "raw, as stored in the snapshot", RAW } }, v8));
        var fuchsia = group("Fuchsia heapdumps");
        var frames = new IntegerFieldEditor(FUCHSIA_SITE_FRAMES, "Frames per allocation site:", fuchsia, 2);
        frames.setValidRange(1, MAX_SITE_FRAMES);
        add(fuchsia, frames);
    }

    private Group group(String title) {
        var g = new Group(getFieldEditorParent(), SWT.NONE);
        g.setText(title);
        g.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        return g;
    }

    /** Field editors set their parent's layout to their column count; the group is laid out again after each. */
    private void add(Composite group, FieldEditor editor) {
        addField(editor);
        var layout = new GridLayout(2, false);
        layout.marginWidth = 6;
        layout.marginHeight = 6;
        group.setLayout(layout);
    }
}
