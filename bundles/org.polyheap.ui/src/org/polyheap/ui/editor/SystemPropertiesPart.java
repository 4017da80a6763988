package org.polyheap.ui.editor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.report.JavaSystemProperties;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Overview's section for Java heap dumps (Eclipse MAT's System Properties, and what the dump says of
 * the JVM): a tree of two groups, the JVM's facts — version, VM, OS, command, the JVM's and the main
 * method's arguments where the dump holds them — and the system properties, key, value and the value at
 * start-up for those the program set or changed later; the rows of {@code polyheap sysprops}. They are
 * read from the file in a job started when the section is made. A property row stands for its value's
 * object (object menu, views). UI thread.
 */
public final class SystemPropertiesPart {
    /** A row: a group (children, no value), a JVM fact, or a property (its value's object). */
    public record Row(String name, String value, String atStartup, ObjectRef object, List<Row> children) implements ObjectRef.Holder { }

    private final LoadedSnapshot snapshot;
    private final Composite control;
    private final Label status;
    private final TreeViewer viewer;
    private List<Row> rows = List.of();
    private Job job;

    SystemPropertiesPart(Composite parent, LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
        control = new Composite(parent, SWT.NONE);
        control.setLayout(new GridLayout(1, false));
        status = new Label(control, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Reading the system properties\u2026");
        viewer = LazyPage.treeViewer(control, Row.class, Row::children);
        LazyPage.treeColumn(viewer, "JVM, system property", SWT.LEFT, Row.class, Row::name);
        LazyPage.treeColumn(viewer, "Value", SWT.LEFT, Row.class, Row::value);
        LazyPage.treeColumn(viewer, "At start-up, when different", SWT.LEFT, Row.class, r -> r.atStartup() == null ? "" : r.atStartup());
        var tree = viewer.getTree();
        tree.getColumn(0).setWidth(260);
        tree.getColumn(2).setWidth(200);
        // the value takes the width the name and the start-up value leave
        tree.addListener(SWT.Resize, e -> tree.getColumn(1).setWidth(Math.max(200,
                tree.getClientArea().width - tree.getColumn(0).getWidth() - tree.getColumn(2).getWidth())));
        control.addDisposeListener(e -> { if (job != null) job.cancel(); });
    }

    Composite control() { return control; }

    TreeViewer viewer() { return viewer; }

    /** The rows shown: the JVM group and the properties group; empty until read. */
    List<Row> rows() { return rows; }

    /** Reads the properties in a job, once; that job. */
    Job read() {
        if (job != null) return job;
        job = new Job("System properties of " + snapshot.fileName()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                try {
                    var r = JavaSystemProperties.of(snapshot.analyzed());
                    inUi(() -> show(r));
                } catch (IllegalStateException closed) {
                    if (snapshot.isClosed() || monitor.isCanceled()) return Status.CANCEL_STATUS; // the editor was closed meanwhile
                    throw closed;
                } catch (IOException | UncheckedIOException e) {
                    IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
                    inUi(() -> status.setText("Cannot read the system properties: " + SnapshotEditor.describe(io)));
                }
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
        return job;
    }

    private void inUi(Runnable work) {
        if (control.isDisposed()) return;
        control.getDisplay().asyncExec(() -> {
            if (!control.isDisposed() && !snapshot.isClosed()) work.run();
        });
    }

    private void show(JavaSystemProperties.Result r) {
        if (r.source() < 0) {
            status.setText("This dump has no system properties (no java.lang.System.props).");
            return;
        }
        var jvm = new ArrayList<Row>();
        for (var f : r.jvm()) jvm.add(new Row(f.name(), f.value().replace('\n', ' '), null, null, List.of()));
        jvm.add(new Row("JVM arguments", r.jvmArguments() == null
                ? "not in this dump: HotSpot keeps them outside the Java heap (the -D options are among the properties)"
                : JavaSystemProperties.commandLine(r.jvmArguments()), null, null, List.of()));
        if (r.mainArguments() != null) jvm.add(new Row("main arguments", JavaSystemProperties.commandLine(r.mainArguments()), null, null, List.of()));
        var properties = new ArrayList<Row>();
        for (var p : r.properties()) {
            properties.add(new Row(p.key(), visible(p.value()), p.atStartup() == null ? null : visible(p.atStartup()),
                    p.valueObject() < 0 ? null : new ObjectRef(snapshot, p.valueObject()), List.of()));
        }
        long changed = r.properties().stream().filter(p -> p.atStartup() != null).count();
        rows = List.of(new Row("JVM", "", null, null, List.copyOf(jvm)),
                new Row("System properties", Format.count(properties.size()) + (changed > 0 ? ", " + Format.count(changed)
                        + " set or changed after start-up" : ""), null, null, List.copyOf(properties)));
        viewer.setInput(rows);
        viewer.expandAll();
        status.setText("The JVM and its system properties, as the dump holds them (" + r.sourceField()
                + (r.startupField() == null ? "" : "; start-up values from " + r.startupField()) + ").");
        control.layout(true, true);
    }

    /** Line breaks and tabs in a value as \n and \t, so a row stays one line (line.separator). */
    private static String visible(String s) { return s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t"); }
}
