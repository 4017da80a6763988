package org.polyheap.ui.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The heap limit of the next start: written by the General page into the file the launcher reads. */
class LauncherConfigTest {

    @Test
    void generalPageWritesTheHeapLimitAndRefusesWhatXmxWouldNot(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("polyheap").resolve("polyheap.conf");
        Files.createDirectories(file.getParent());
        Files.write(file, List.of("# mine", "OTHER=1", "POLYHEAP_XMX=2g"));
        var config = new LauncherConfig(file);
        var page = new GeneralPreferencePage(config);
        page.init(PlatformUI.getWorkbench());
        Shell shell = new Shell(PlatformUI.getWorkbench().getDisplay(), SWT.NONE);
        try {
            shell.setLayout(new FillLayout());
            page.createControl(shell);
            assertEquals("2g", page.maxHeapText().getText(), "read from the file");
            page.maxHeapText().setText("lots");
            assertFalse(page.isValid(), "not a size -Xmx takes");
            page.maxHeapText().setText("6144m");
            assertTrue(page.isValid());
            assertTrue(page.performOk());
        } finally {
            page.dispose();
            shell.dispose();
        }
        assertEquals(List.of("# mine", "OTHER=1", "POLYHEAP_XMX=6144m"), Files.readAllLines(file), "only our line changes");
        assertEquals("6144m", config.maxHeap());
        config.setMaxHeap("");
        assertEquals(List.of("# mine", "OTHER=1"), Files.readAllLines(file), "empty: the launcher's default again");
        assertThrows(IllegalArgumentException.class, () -> config.setMaxHeap("8g; rm -rf ~"));
    }

    @Test
    void theLauncherForUserFollowsXdgConfigHome() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        assertEquals(Path.of(xdg, "polyheap", "polyheap.conf"), LauncherConfig.forUser().file());
    }
}
