package org.polyheap.ui.editor;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * Horizontal bars drawn with SWT's GC: a title, then one bar per item, its length the item's share
 * of {@code whole}, with the name and size written over it. Paints O(items); no charting engine.
 * Text and the empty part of a bar take the widget's colours, which the theme sets (CSS class
 * {@code polyheap-chart}); the bar colour is the same in both themes.
 */
public final class BarChart extends Canvas {
    /** One bar. */
    public record Bar(String name, long bytes) { }

    private static final int ROW = 22;
    private final String title;
    private final List<Bar> bars;
    private final long whole;
    private final Color fill;
    /** The text over a filled bar part: dark on the light bar colours in both themes. */
    private final Color onFill;

    public BarChart(Composite parent, String title, List<Bar> bars, long whole, RGB colour) {
        super(parent, SWT.DOUBLE_BUFFERED);
        this.title = title;
        this.bars = List.copyOf(bars);
        this.whole = Math.max(1, whole);
        this.fill = new Color(colour);
        this.onFill = new Color(new RGB(20, 24, 31));
        setData(PolyheapCss.CLASS_KEY, "polyheap-chart");
        addPaintListener(e -> paint(e.gc));
        addDisposeListener(e -> {
            fill.dispose();
            onFill.dispose();
        });
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        return new Point(wHint == SWT.DEFAULT ? 520 : wHint, (bars.size() + 1) * ROW + 8);
    }

    private void paint(GC gc) {
        var area = getClientArea();
        Rectangle paintClip = gc.getClipping();
        Color text = getForeground();
        Color track = new Color(blend(getBackground().getRGB(), text.getRGB(), 0.08));
        gc.setForeground(text);
        gc.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
        gc.drawString(title, 0, 2, true);
        gc.setFont(getFont());
        int width = Math.max(10, area.width - 4);
        int y = ROW + 4;
        for (Bar b : bars) {
            gc.setBackground(track);
            gc.fillRectangle(0, y, width, ROW - 4);
            gc.setBackground(fill);
            int filled = (int) Math.max(2, (double) width * b.bytes() / whole);
            gc.fillRectangle(0, y, filled, ROW - 4);
            String label = shorten(gc, b.name() + "   " + Format.human(b.bytes()) + " (" + Format.percent(b.bytes(), whole) + ")", width - 8);
            int ty = y + (ROW - 4 - gc.getFontMetrics().getHeight()) / 2;
            gc.setForeground(text);
            gc.drawString(label, 4, ty, true);
            // the part of the label over the filled bar in a colour readable on the bar, in both themes;
            // the clip only ever narrows the paint event's own (a wider one would paint over other widgets)
            gc.setClipping(paintClip.intersection(new Rectangle(0, y, filled, ROW - 4)));
            gc.setForeground(onFill);
            gc.drawString(label, 4, ty, true);
            gc.setClipping(paintClip);
            y += ROW;
        }
        track.dispose();
    }

    private static RGB blend(RGB a, RGB b, double share) {
        return new RGB((int) (a.red + (b.red - a.red) * share), (int) (a.green + (b.green - a.green) * share),
                (int) (a.blue + (b.blue - a.blue) * share));
    }

    /** The longest prefix of {@code text} (with "…") that fits {@code width}: a binary search, O(log n) measurements. */
    private static String shorten(GC gc, String text, int width) {
        if (gc.textExtent(text).x <= width) return text;
        int fits = 1, tooLong = text.length();
        while (tooLong - fits > 1) {
            int mid = (fits + tooLong) >>> 1;
            if (gc.textExtent(text.substring(0, mid) + "\u2026").x <= width) fits = mid; else tooLong = mid;
        }
        return text.substring(0, fits) + "\u2026";
    }

    public List<Bar> bars() { return bars; }
}
