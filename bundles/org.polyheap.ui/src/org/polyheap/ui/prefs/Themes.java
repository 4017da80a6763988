package org.polyheap.ui.prefs;

import org.eclipse.e4.ui.css.swt.theme.ITheme;
import org.eclipse.e4.ui.css.swt.theme.IThemeEngine;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.PlatformUI;

/**
 * The light and dark themes: stylesheets {@code css/light.css} and {@code css/dark.css} registered in
 * plugin.xml for the Eclipse CSS engine, which styles every widget as it is created and re-styles
 * the open ones on a switch. The dark one also asks GTK for its dark variant, so what CSS cannot
 * reach (scroll bars, table headers, check boxes) follows. UI thread.
 */
@SuppressWarnings("restriction") // IThemeEngine is the CSS engine's API for applications, exported to "friends" only
public final class Themes {
    public static final String LIGHT_ID = "org.polyheap.ui.theme.light";
    public static final String DARK_ID = "org.polyheap.ui.theme.dark";
    /** Where the e4 workbench keeps its theme engine. */
    private static final String ENGINE_KEY = "org.eclipse.e4.ui.css.swt.theme";
    /** Widget data the CSS engine reads: {@code TRUE} keeps it from styling (and remembering) the widget. */
    private static final String CSS_DISABLED = "org.eclipse.e4.ui.css.disabled";

    private Themes() { }

    /**
     * Keeps the CSS engine away from table and tree rows, which take their table's colours anyway.
     * The engine remembers every widget it styled and resets each on a theme switch; SWT's GTK
     * virtual tables can leave behind a row that is not disposed but whose native row is gone
     * (seen after a virtual table shrinks to no rows), and resetting that row's colour crashes the
     * JVM in GTK. A display filter marks each row before the engine's skin listener sees it. Call
     * once, before the first row is made. UI thread.
     */
    public static void keepCssOffRows(Display display) {
        display.addFilter(SWT.Skin, e -> {
            if (e.widget instanceof TableItem || e.widget instanceof TreeItem) e.widget.setData(CSS_DISABLED, Boolean.TRUE);
        });
    }

    /** The theme id for a {@link PolyheapPreferences#THEME} value. */
    public static String id(String preference) {
        return PolyheapPreferences.DARK.equals(preference) ? DARK_ID : LIGHT_ID;
    }

    /** Applies the theme of {@code preference} ({@code light} or {@code dark}) to every window; no-op when it is active. */
    public static void apply(Display display, String preference) {
        boolean dark = PolyheapPreferences.DARK.equals(preference);
        display.setDarkThemePreferred(dark);
        IThemeEngine engine = engine(display);
        if (engine == null) return;
        ITheme active = engine.getActiveTheme();
        if (active == null || !active.getId().equals(id(preference))) {
            engine.setTheme(id(preference), true);
            for (var shell : display.getShells()) recolourTabFolderCorners(shell);
        }
    }

    /**
     * Gives the controls beside the tabs of each tab folder (a view's menu and tool bars, minimize,
     * maximize, the list of hidden tabs) their tab folder's colour as the new theme set it. The workbench copies the folder's
     * colour into them when it makes them, which no stylesheet resets: made under one theme, they kept
     * its colour after a switch (a dark box beside light tabs, a light one beside dark tabs).
     */
    private static void recolourTabFolderCorners(org.eclipse.swt.widgets.Control control) {
        if (control instanceof org.eclipse.swt.custom.CTabFolder folder) {
            var colour = folder.getBackground();
            if (folder.getTopRight() != null) setBackground(folder.getTopRight(), colour);
            for (var child : folder.getChildren()) { // the folder's own minimize, maximize and chevron bars
                if (child instanceof org.eclipse.swt.widgets.ToolBar bar) bar.setBackground(colour);
            }
        }
        if (control instanceof org.eclipse.swt.widgets.Composite c) {
            for (var child : c.getChildren()) recolourTabFolderCorners(child);
        }
    }

    private static void setBackground(org.eclipse.swt.widgets.Control control, org.eclipse.swt.graphics.Color colour) {
        control.setBackground(colour);
        if (control instanceof org.eclipse.swt.widgets.Composite c) {
            for (var child : c.getChildren()) setBackground(child, colour);
        }
    }

    /** The id of the theme in use, or null when the CSS engine is not running. */
    public static String activeId(Display display) {
        IThemeEngine engine = engine(display);
        ITheme active = engine == null ? null : engine.getActiveTheme();
        return active == null ? null : active.getId();
    }

    private static IThemeEngine engine(Display display) {
        if (display.getData(ENGINE_KEY) instanceof IThemeEngine e) return e;
        return PlatformUI.isWorkbenchRunning() ? PlatformUI.getWorkbench().getService(IThemeEngine.class) : null;
    }
}
