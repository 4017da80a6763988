package org.polyheap.ui.editor;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.model.DataLoss;

/**
 * The warning strip above every page of an editor whose snapshot lost data (a permissive open, or an
 * HPROF file cut off inside its heap): the sentence {@link DataLoss#describe()} writes, which is also
 * the warning the command prints, so both front ends say the same.
 */
final class DataLossBanner {
    /** A pale amber, as editors mark a warning; readable with the default dark text. */
    private static final int[] BACKGROUND = {255, 243, 205};

    private DataLossBanner() { }

    /** Adds the banner to {@code parent} (a one-column grid) when {@code loss} is present. UI thread. */
    static Composite create(Composite parent, DataLoss loss) {
        var banner = new Composite(parent, SWT.NONE);
        banner.setData("org.polyheap.ui.banner", "data-loss");
        var background = new Color(parent.getDisplay(), BACKGROUND[0], BACKGROUND[1], BACKGROUND[2]);
        banner.setBackground(background);
        var layout = new GridLayout(2, false);
        layout.marginWidth = 8;
        layout.marginHeight = 6;
        banner.setLayout(layout);
        banner.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        var icon = new Label(banner, SWT.NONE);
        icon.setImage(JFaceResources.getImage(Dialog.DLG_IMG_MESSAGE_WARNING));
        icon.setBackground(background);
        icon.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
        var text = new Label(banner, SWT.WRAP);
        text.setText(loss.describe() + (loss.permissive() ? " Opened with \u201cOpen What Can Be Read\u201d (permissive mode): counts and sizes cover what was read." : ""));
        text.setBackground(background);
        text.setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_BLACK));
        var data = new GridData(SWT.FILL, SWT.CENTER, true, false);
        data.widthHint = 400; // wraps to the editor's width, not the sentence's
        text.setLayoutData(data);
        return banner;
    }
}
