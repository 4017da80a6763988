package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.editor.SnapshotEditorInput;
import org.polyheap.ui.editor.SnapshotOpener;
import org.polyheap.ui.jobs.OpenSnapshotJob;

/** What the window tests share: the window, spinning the event loop while jobs run, screenshots. */
final class UiTestSupport {
    static final long TIMEOUT_MS = 120_000;

    private UiTestSupport() { }

    static IWorkbenchWindow window() {
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (w == null) w = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        return w;
    }

    static Display display() { return window().getShell().getDisplay(); }

    /**
     * Starts the bundles that only the test runtime has, before a measurement. Tycho's UI harness always
     * adds org.eclipse.ui.ide.application, and with it org.eclipse.ui.ide and org.eclipse.core.resources,
     * which the product does not ship: ui.ide's editor-input property tester loads IResource when the
     * first editor opens, and that starts the workspace on the UI thread (165 ms of the first open's
     * stall in a JFR class-load trace). Starting it here keeps the harness's own cost out of figures
     * about the product. Idempotent.
     */
    static void startHarnessOnlyBundles() throws org.osgi.framework.BundleException {
        var resources = org.eclipse.core.runtime.Platform.getBundle("org.eclipse.core.resources");
        if (resources != null && resources.getState() != org.osgi.framework.Bundle.ACTIVE) {
            resources.start(org.osgi.framework.Bundle.START_TRANSIENT);
        }
    }

    /**
     * Every job and every thread's stack on stderr (the test log): a wait that times out then says what
     * the rest of the process was doing (a rare hang after Cancel in OpenProgressTest left nothing else).
     */
    static void dumpThreadsAndJobs(String why) {
        var out = new StringBuilder("--- jobs and threads when " + why + "\n");
        for (var job : org.eclipse.core.runtime.jobs.Job.getJobManager().find(null)) {
            out.append("job ").append(job.getClass().getName()).append(" \"").append(job.getName()).append("\" state ")
                    .append(job.getState()).append(" result ").append(job.getResult()).append('\n');
        }
        for (var e : Thread.getAllStackTraces().entrySet()) {
            out.append('"').append(e.getKey().getName()).append("\" ").append(e.getKey().getState()).append('\n');
            for (var frame : e.getValue()) out.append("    at ").append(frame).append('\n');
        }
        System.err.print(out);
    }

    /**
     * Runs the event loop until {@code done} holds; fails after {@code timeoutMs}. The one way the
     * window tests wait: on a condition, never for a fixed time.
     */
    static void spinUntil(BooleanSupplier done, long timeoutMs, String what) {
        Display display = display();
        long until = System.currentTimeMillis() + timeoutMs;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > until) {
                dumpThreadsAndJobs("timed out waiting for " + what);
                fail("timed out waiting for " + what);
            }
            if (!display.readAndDispatch()) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail("interrupted");
                }
            }
        }
    }

    /** Runs the event loop until no event is pending: the runnables posted so far (asyncExec, a job's result) have run. */
    static void drainEvents() {
        Display display = display();
        while (display.readAndDispatch()) {
            // dispatches one event per turn
        }
    }

    /** Waits until {@code job} has finished and the result it handed to the UI thread has arrived. */
    static void waitFor(Job job) {
        if (job == null) return;
        spinUntil(() -> job.getResult() != null, TIMEOUT_MS, job.getName());
        drainEvents(); // its asyncExec'd result
    }

    /** Opens a snapshot as File ▸ Open does and waits for its editor. */
    static SnapshotEditor open(Path file) {
        return open(OpenRequest.of(file));
    }

    /** Opens a file with its own options and waits for its editor. */
    static SnapshotEditor open(OpenRequest request) {
        Path file = request.file();
        OpenSnapshotJob job = SnapshotOpener.open(window(), request);
        waitFor(job);
        var input = new SnapshotEditorInput(file);
        spinUntil(() -> window().getActivePage().findEditor(input) != null, TIMEOUT_MS, "editor of " + file);
        var editor = (SnapshotEditor) window().getActivePage().findEditor(input);
        assertNotNull(editor);
        drainEvents();
        return editor;
    }

    /** The editor open on {@code file}, or null. */
    static SnapshotEditor editorOf(Path file) {
        return window().getActivePage().findEditor(new SnapshotEditorInput(file)) instanceof SnapshotEditor e ? e : null;
    }

    /**
     * Runs {@code action} on the shell titled {@code title} once it is open. A modal dialog runs its
     * own event loop inside the caller's, so this polls from display timers; {@code action} must
     * close the dialog. Setting the returned flag stops the polling (to check that no such shell opened).
     */
    static java.util.concurrent.atomic.AtomicBoolean whenShellOpens(String title, java.util.function.Consumer<Shell> action) {
        Display display = display();
        long until = System.currentTimeMillis() + TIMEOUT_MS;
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable[] poll = new Runnable[1];
        poll[0] = () -> {
            if (stop.get()) return;
            for (Shell s : display.getShells()) {
                if (title.equals(s.getText()) && s.isVisible()) {
                    action.accept(s);
                    return;
                }
            }
            if (System.currentTimeMillis() < until) display.timerExec(50, poll[0]);
        };
        display.timerExec(50, poll[0]);
        return stop;
    }

    /** The widgets of {@code type} under {@code root}, depth first. */
    static <T extends org.eclipse.swt.widgets.Control> java.util.List<T> find(org.eclipse.swt.widgets.Control root, Class<T> type) {
        var found = new java.util.ArrayList<T>();
        var stack = new java.util.ArrayDeque<org.eclipse.swt.widgets.Control>();
        stack.push(root);
        while (!stack.isEmpty()) {
            var c = stack.pop();
            if (type.isInstance(c)) found.add(type.cast(c));
            if (c instanceof org.eclipse.swt.widgets.Composite comp) for (var k : comp.getChildren()) stack.push(k);
        }
        return found;
    }

    /** The drop-down under {@code root} that offers {@code item}, as a user finds it by its choices. */
    static org.eclipse.swt.widgets.Combo comboWith(org.eclipse.swt.widgets.Control root, String item) {
        return find(root, org.eclipse.swt.widgets.Combo.class).stream().filter(c -> java.util.Arrays.asList(c.getItems()).contains(item))
                .findFirst().orElseThrow(() -> new AssertionError("no drop-down offering " + item));
    }

    /** Presses the dialog button with id {@code buttonId} (IDialogConstants), as a click does. */
    static void press(Shell dialog, int buttonId) {
        for (var b : find(dialog, org.eclipse.swt.widgets.Button.class)) {
            if (Integer.valueOf(buttonId).equals(b.getData())) {
                b.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
                return;
            }
        }
        fail("no button " + buttonId + " in " + dialog.getText());
    }

    /** Copies the window's screen area into target/screenshots/{name}.png (no window manager under Xvfb). */
    static ImageData screenshot(String name) throws IOException {
        Shell shell = window().getShell();
        shell.forceActive();
        return screenshot(shell, name);
    }

    /**
     * Copies {@code shell}'s screen area into target/screenshots/{name}.png once its painting has
     * settled: the events are drained and three captures in a row show the same pixels.
     */
    static ImageData screenshot(Shell shell, String name) throws IOException {
        var last = new ImageData[1];
        var same = new int[1];
        spinUntil(() -> {
            drainEvents();
            shell.update();
            ImageData now = capture(shell);
            same[0] = last[0] != null && java.util.Arrays.equals(last[0].data, now.data) ? same[0] + 1 : 0;
            last[0] = now;
            return same[0] >= 2;
        }, TIMEOUT_MS, "the painting of " + name + " to settle");
        ImageData data = last[0];
        Path png = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(png.getParent());
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { data };
        loader.save(png.toString(), SWT.IMAGE_PNG);
        System.out.println("screenshot: " + png.toAbsolutePath());
        return data;
    }

    /**
     * Copies {@code shell}'s screen area into target/screenshots/{name}.png now, once the events are
     * drained: for a shell that keeps changing (a progress dialog), where {@link #screenshot(Shell, String)}
     * would wait for its painting to settle.
     */
    static ImageData screenshotNow(Shell shell, String name) throws IOException {
        drainEvents();
        shell.update();
        ImageData data = capture(shell);
        Path png = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(png.getParent());
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { data };
        loader.save(png.toString(), SWT.IMAGE_PNG);
        System.out.println("screenshot: " + png.toAbsolutePath());
        return data;
    }

    /** Runs the headless command in this JVM; its standard output. Fails on a non-zero exit code. */
    static String headless(String... args) {
        var out = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        var utf8 = java.nio.charset.StandardCharsets.UTF_8;
        int code = org.polyheap.report.cli.Main.run(java.util.List.of(args), new java.io.PrintStream(out, true, utf8),
                new java.io.PrintStream(err, true, utf8));
        org.junit.jupiter.api.Assertions.assertEquals(0, code, () -> err.toString(utf8));
        return out.toString(utf8);
    }

    /**
     * Closes every editor and waits for the jobs of ours still running (a background index build goes
     * on writing beside the snapshot after its editor closes), so a test's folder can be deleted.
     * Ours are our Job subclasses and the jobs we make with {@code Job.create}/{@code createSystem}
     * (classes {@code Job$1}, {@code Job$2}): those too may write beside the snapshot (an inbound index
     * a references list needed, the sorted ids of a lookup).
     */
    static void closeAllEditors() {
        window().getActivePage().closeAllEditors(false);
        spinUntil(() -> java.util.Arrays.stream(Job.getJobManager().find(null))
                .noneMatch(j -> isOurs(j) && j.getState() != Job.SLEEPING && j.getState() != Job.NONE),
                TIMEOUT_MS, "the jobs of the closed snapshots to end");
        drainEvents();
    }

    private static boolean isOurs(Job job) {
        String name = job.getClass().getName();
        return name.startsWith("org.polyheap.") || name.startsWith(Job.class.getName() + "$");
    }

    /** The pixels of {@code shell}'s screen area now. */
    private static ImageData capture(Shell shell) {
        Display display = shell.getDisplay();
        Rectangle b = shell.getBounds();
        Image image = new Image(display, b.width, b.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        ImageData data = image.getImageData();
        image.dispose();
        return data;
    }

    private static final Path FIGURES = Path.of("target", "ui-figures.txt");

    /** Writes a measured figure to stdout and appends it to target/ui-figures.txt (figures are not asserted). */
    static void figure(String format, Object... args) throws IOException {
        String line = String.format(java.util.Locale.ROOT, format, args);
        System.out.println("ui-figure: " + line);
        Files.createDirectories(FIGURES.getParent());
        Files.writeString(FIGURES, line + "\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }

    /** Texts of a control's context menu as the user would see it open now (the menu manager fills it when shown). */
    static List<String> menuTexts(org.eclipse.swt.widgets.Menu menu) {
        menu.notifyListeners(SWT.Show, new org.eclipse.swt.widgets.Event());
        var texts = new java.util.ArrayList<String>();
        for (var item : menu.getItems()) if ((item.getStyle() & SWT.SEPARATOR) == 0) texts.add(item.getText().replace("&", ""));
        return texts;
    }

    /** Opens a control's context menu and selects the item at {@code path} ("Copy", "Value"), as a click would. */
    static void clickMenu(org.eclipse.swt.widgets.Control control, String... path) {
        var menu = control.getMenu();
        for (int i = 0; i < path.length; i++) {
            menu.notifyListeners(SWT.Show, new org.eclipse.swt.widgets.Event());
            org.eclipse.swt.widgets.MenuItem found = null;
            for (var item : menu.getItems()) if (item.getText().replace("&", "").equals(path[i])) found = item;
            var in = menu;
            String name = path[i];
            assertNotNull(found, () -> "menu item " + name + " in " + menuTexts(in));
            if (i == path.length - 1) {
                found.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            } else {
                menu = found.getMenu();
            }
        }
        drainEvents();
    }

    /** Text on the clipboard now. */
    static String clipboardText() {
        var clipboard = new org.eclipse.swt.dnd.Clipboard(display());
        try {
            return (String) clipboard.getContents(org.eclipse.swt.dnd.TextTransfer.getInstance());
        } finally {
            clipboard.dispose();
        }
    }

    /**
     * Runs one of the test programs in data/ ({@code WideNode}, {@code ManyClasses}) in a child JVM
     * (the JDK running the tests) to write a real heap dump, spinning the event loop meanwhile.
     */
    static Path javaHeapDump(String program, Path out, String... args) throws IOException {
        return javaHeapDump(Path.of("data", program + ".java"), out, args);
    }

    /** As {@link #javaHeapDump(String, Path, String...)} for a program elsewhere (testdata's {@code TestData.javaProgram}). */
    static Path javaHeapDump(Path source, Path out, String... args) throws IOException {
        return javaHeapDump(source, List.of(), out, args);
    }

    /** As {@link #javaHeapDump(Path, Path, String...)} with JVM options before the program ({@code -Dfoo=bar}). */
    static Path javaHeapDump(Path source, List<String> jvmOptions, Path out, String... args) throws IOException {
        String program = source.getFileName().toString();
        String java = ProcessHandle.current().info().command().orElse("java");
        var command = new java.util.ArrayList<>(List.of(java, "-Xmx1g"));
        command.addAll(jvmOptions);
        command.addAll(List.of(source.toString(), out.toString()));
        command.addAll(List.of(args));
        Path log = out.resolveSibling(out.getFileName() + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        spinUntil(() -> !p.isAlive(), 10 * 60_000, program + " writing a heap dump");
        if (p.exitValue() != 0 || !Files.isRegularFile(out)) fail(program + " failed: " + Files.readString(log));
        return out;
    }
}
