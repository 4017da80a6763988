package org.polyheap.ui.application;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.polyheap.ui.views.InspectorView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * The one perspective: snapshot editors in the middle, the Inspector on the left (as in MAT), Paths
 * to GC Roots and References below the editors, and there too the Objects view once List Objects opens it.
 */
public final class PolyheapPerspective implements IPerspectiveFactory {
    @Override
    public void createInitialLayout(IPageLayout layout) {
        layout.setEditorAreaVisible(true);
        String editors = layout.getEditorArea();
        layout.addView(InspectorView.ID, IPageLayout.LEFT, 0.26f, editors);
        IFolderLayout bottom = layout.createFolder("org.polyheap.ui.bottom", IPageLayout.BOTTOM, 0.66f, editors);
        bottom.addView(PathsView.ID);
        bottom.addView(ReferencesView.ID);
        bottom.addPlaceholder(org.polyheap.ui.views.ObjectsView.ID); // opened by List Objects
        bottom.addPlaceholder(org.polyheap.ui.views.ComparisonView.ID); // opened by File > Compare With Baseline
        bottom.addPlaceholder(org.polyheap.ui.views.DetachedElementsView.ID); // V8: Window > Show View
        bottom.addPlaceholder(org.polyheap.ui.views.ClosuresView.ID);
        bottom.addPlaceholder(org.polyheap.ui.views.LeaksView.ID);
        layout.getViewLayout(InspectorView.ID).setCloseable(true);
    }
}
