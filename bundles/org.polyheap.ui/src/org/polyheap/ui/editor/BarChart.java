package org.polyheap.ui.editor;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * Horizontal bars drawn with SWT's GC: a title, then one bar per item, its length the item's share
 * of {@code whole}, with the name and size written over it. Paints O(items); no charting engine.
 */
public final class BarChart extends Canvas {
    /** One bar. */
    public record Bar(String name, long bytes) { }

    private static final int ROW = 22;
    private final String title;
    private final List<Bar> bars;
    private final long whole;
    private final Color fill;
    private final Color track;

    public BarChart(Composite parent, String title, List<Bar> bars, long whole, RGB colour) {
        super(parent, SWT.DOUBLE_BUFFERED);
        this.title = title;
        this.bars = List.copyOf(bars);
        this.whole = Math.max(1, whole);
        this.fill = new Color(colour);
        this.track = new Color(new RGB(236, 238, 242));
        addPaintListener(e -> paint(e.gc));
        addDisposeListener(e -> {
            fill.dispose();
            track.dispose();
        });
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        return new Point(wHint == SWT.DEFAULT ? 520 : wHint, (bars.size() + 1) * ROW + 8);
    }

    private void paint(GC gc) {
        var area = getClientArea();
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        gc.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
        gc.drawString(title, 0, 2, true);
        gc.setFont(getFont());
        int width = Math.max(10, area.width - 4);
        int y = ROW + 4;
        for (Bar b : bars) {
            gc.setBackground(track);
            gc.fillRectangle(0, y, width, ROW - 4);
            gc.setBackground(fill);
            gc.fillRectangle(0, y, (int) Math.max(2, (double) width * b.bytes() / whole), ROW - 4);
            String text = b.name() + "   " + Format.human(b.bytes()) + " (" + Format.percent(b.bytes(), whole) + ")";
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
            gc.drawString(shorten(gc, text, width - 8), 4, y + (ROW - 4 - gc.getFontMetrics().getHeight()) / 2, true);
            y += ROW;
        }
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
