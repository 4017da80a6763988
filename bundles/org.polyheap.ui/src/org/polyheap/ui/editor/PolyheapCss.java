package org.polyheap.ui.editor;

import org.eclipse.swt.widgets.Widget;

/** The CSS classes Polyheap's own surfaces carry, styled by css/light.css and css/dark.css. */
public final class PolyheapCss {
    /** Widget data key the Eclipse CSS engine reads a widget's CSS class from. */
    public static final String CLASS_KEY = "org.eclipse.e4.ui.css.CssClassName";

    private PolyheapCss() { }

    /** Gives {@code widget} the CSS class {@code name}; the engine styles it when it is skinned. */
    public static <W extends Widget> W classed(W widget, String name) {
        widget.setData(CLASS_KEY, name);
        return widget;
    }
}
