package org.polyheap.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.ToolBar;
import org.junit.jupiter.api.Test;
import org.polyheap.ui.views.PathsView;

/**
 * The SVG icons: each rasterizes at 100 % and 200 % (HiDPI), and view tabs paint their title and
 * icon. With SPI Fly started as in the product, a failing SVG rasterizer used to leave the Paths to GC
 * Roots tab blank: the paint threw before the title was drawn.
 */
class IconsTest {

    @Test
    void everyIconIsAnSvgThatRasterizesAtOneAndTwoTimesZoom() {
        for (String name : Icons.ALL) {
            ImageDescriptor d = Icons.descriptor(name);
            assertTrue(d != ImageDescriptor.getMissingImageDescriptor(), name + ".svg is missing");
            ImageData normal = d.getImageData(100);
            ImageData hidpi = d.getImageData(200);
            assertNotNull(normal, name + " at 100 %");
            assertNotNull(hidpi, name + " at 200 %");
            assertEquals(16, normal.width, name);
            assertEquals(32, hidpi.width, name + " is drawn again at twice the size, not scaled");
            double ink = coverage(normal);
            assertTrue(ink > 20 && ink < 16 * 16 - 10, name + " at 100 %: " + ink + " pixels' worth of ink of 256 (an icon on a transparent ground)");
            double ratio = coverage(hidpi) / ink;
            assertTrue(ratio > 3.3 && ratio < 4.7, name + " at 200 % covers four times the pixels: " + ratio);
        }
    }

    @Test
    void viewTabsPaintTheirTitleAndTheToolbarHasIconButtons() throws Exception {
        var page = UiTestSupport.window().getActivePage();
        var paths = page.showView(PathsView.ID);
        UiTestSupport.spinUntil(() -> UiTestSupport.find(UiTestSupport.window().getShell(), CTabFolder.class).stream()
                .anyMatch(f -> java.util.Arrays.stream(f.getItems()).anyMatch(i -> i.getText().equals("Paths to GC Roots"))),
                UiTestSupport.TIMEOUT_MS, "the Paths to GC Roots tab");
        UiTestSupport.drainEvents();
        CTabItem tab = null;
        for (CTabFolder f : UiTestSupport.find(UiTestSupport.window().getShell(), CTabFolder.class)) {
            for (CTabItem item : f.getItems()) if (item.getText().equals("Paths to GC Roots")) tab = item;
        }
        assertNotNull(tab, "a tab titled Paths to GC Roots");
        assertNotNull(tab.getImage(), "with its icon");
        // paint the tab folder into an image: the title's glyphs and the icon give the tab strip many colours
        CTabFolder folder = tab.getParent();
        var b = tab.getBounds();
        var size = folder.getSize();
        Image image = new Image(folder.getDisplay(), size.x, size.y);
        GC gc = new GC(image);
        try {
            folder.print(gc);
        } finally {
            gc.dispose();
        }
        ImageData painted = image.getImageData();
        image.dispose();
        var colours = new HashSet<Integer>();
        for (int y = b.y; y < b.y + b.height; y++) for (int x = b.x; x < b.x + b.width; x++) colours.add(painted.getPixel(x, y));
        assertTrue(colours.size() > 12, "the tab's title and icon are painted (" + colours.size() + " colours)");
        assertNotNull(paths);

        int withImages = 0;
        for (ToolBar bar : UiTestSupport.find(UiTestSupport.window().getShell(), ToolBar.class)) {
            for (var item : bar.getItems()) {
                if ("Open a heap snapshot".equals(item.getToolTipText())) assertNotNull(item.getImage(), "Open has an icon");
                if (item.getImage() != null) withImages++;
            }
        }
        assertTrue(withImages >= 8, "main toolbar and view toolbars show icons: " + withImages);
    }

    /** The drawn area in pixels: the sum of the alpha values over 255. */
    private static double coverage(ImageData d) {
        long sum = 0;
        for (int y = 0; y < d.height; y++) for (int x = 0; x < d.width; x++) sum += d.getAlpha(x, y);
        return sum / 255.0;
    }
}
