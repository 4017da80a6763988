package org.polyheap.ui.actions;

import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.osgi.framework.FrameworkUtil;

/** Name, version, supported formats and the Java runtime in use. */
public final class AboutDialog extends Dialog {

    public AboutDialog(Shell parent) {
        super(parent);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("About Polyheap");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        area.setLayout(new GridLayout(1, false));
        Label name = new Label(area, SWT.NONE);
        name.setFont(JFaceResources.getHeaderFont());
        name.setText("Polyheap " + version());
        text(area, "Heap snapshot analysis for Java HPROF (plain or gzip), V8 .heapsnapshot,\n"
                + "Dart VM heap snapshots and Fuchsia heapdumps.");
        text(area, "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor")
                + "), " + Platform.getOS() + "/" + Platform.getWS() + "/" + Platform.getOSArch());
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    private static void text(Composite parent, String s) {
        Label l = new Label(parent, SWT.WRAP);
        l.setText(s);
        l.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
    }

    private static String version() {
        var bundle = FrameworkUtil.getBundle(AboutDialog.class);
        return bundle == null ? "" : bundle.getVersion().toString();
    }
}
