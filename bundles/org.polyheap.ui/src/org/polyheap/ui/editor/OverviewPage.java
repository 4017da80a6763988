package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.RootKind;
import org.polyheap.report.Queries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * The Overview page: what the snapshot is (format, file, counts, sizes), how to read its numbers
 * (size model, dominator semantics in plain words), warnings, and two bar charts of the biggest
 * objects and classes by retained size. Everything shown was computed by the open job.
 */
public final class OverviewPage {
    private final LoadedSnapshot snapshot;
    private final List<Label> values = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private BarChart objectsChart;
    private BarChart classesChart;

    public OverviewPage(LoadedSnapshot snapshot) {
        this.snapshot = snapshot;
    }

    public Composite create(Composite parent) {
        var scroll = PolyheapCss.classed(new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL), "polyheap-page");
        var page = new Composite(scroll, SWT.NONE);
        page.setLayout(new GridLayout(2, true));
        PolyheapCss.classed(page, "polyheap-page"); // the theme colours it (a white sheet in the light one)
        page.setBackgroundMode(SWT.INHERIT_FORCE);

        var facts = PolyheapCss.classed(new Composite(page, SWT.NONE), "polyheap-page");
        facts.setLayout(new GridLayout(2, false));
        facts.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        var title = new Label(facts, SWT.NONE);
        title.setFont(JFaceResources.getHeaderFont());
        title.setText(snapshot.analyzed().file().getFileName().toString());
        title.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        Map<String, Object> o = snapshot.overview();
        fact(facts, "Format", formatName());
        fact(facts, "File", String.valueOf(o.get("file")));
        fact(facts, "Objects", Format.count((Long) o.get("objects")));
        fact(facts, "Classes", Format.count((Long) o.get("classes")));
        fact(facts, "References", Format.count((Long) o.get("references")));
        fact(facts, "GC roots", Format.count((Long) o.get("gcRoots")) + " (" + Format.count((Long) o.get("gcRootObjects")) + " objects)");
        fact(facts, "Heap size", Format.human((Long) o.get("shallowBytes")) + " (" + Format.bytes((Long) o.get("shallowBytes")) + " bytes)");
        fact(facts, "Reachable", Format.count((Long) o.get("reachableObjects")) + " objects, " + Format.human((Long) o.get("reachableBytes")));
        fact(facts, "Unreachable", Format.count((Long) o.get("unreachableObjects")) + " objects, " + Format.human((Long) o.get("unreachableBytes"))
                + " (kept out of retained sizes)");
        fact(facts, "Sizes", String.valueOf(o.get("sizeModel")));
        fact(facts, "Dominators", semanticsInWords());
        if ("fuchsia".equals(snapshot.analyzed().format())) {
            for (var line : FuchsiaFacts.of(snapshot.graph())) fact(facts, line.name(), line.value());
        }
        fact(facts, "Index", (Boolean.TRUE.equals(o.get("indexReused")) ? "reused: " : "built: ") + o.get("indexFolder"));
        if (o.get("warnings") instanceof List<?> warnings && !warnings.isEmpty()) {
            fact(facts, "Warnings", String.join("\n", warnings.stream().map(String::valueOf).limit(8).toList())
                    + (warnings.size() > 8 ? "\n… and " + (warnings.size() - 8) + " more" : ""));
        }

        var charts = PolyheapCss.classed(new Composite(page, SWT.NONE), "polyheap-page");
        charts.setLayout(new GridLayout(1, false));
        charts.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        long heap = snapshot.heapBytes();
        objectsChart = new BarChart(charts, "Biggest objects (retained size)", objectBars(), heap, new RGB(110, 160, 220));
        objectsChart.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        classesChart = new BarChart(charts, "Biggest classes (retained size)", classBars(), heap, new RGB(240, 170, 90));
        classesChart.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));

        scroll.setContent(page);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        scroll.addListener(SWT.Resize, e -> scroll.setMinSize(page.computeSize(scroll.getClientArea().width, SWT.DEFAULT)));
        return scroll;
    }

    private void fact(Composite parent, String name, String value) {
        var key = new Label(parent, SWT.NONE);
        key.setText(name);
        key.setFont(JFaceResources.getBannerFont());
        key.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
        var val = new Label(parent, SWT.WRAP);
        val.setText(value);
        var data = new GridData(SWT.FILL, SWT.TOP, true, false);
        data.widthHint = 380;
        val.setLayoutData(data);
        values.add(val);
        names.add(name);
    }

    private String formatName() {
        return snapshot.analyzed().parser().displayName() + " (" + snapshot.analyzed().format() + ")";
    }

    private String semanticsInWords() {
        var semantics = snapshot.analyzed().analysis().options().semantics();
        String words = switch (semantics) {
            case V8_DEVTOOLS -> "as Chrome DevTools: weak edges do not retain, objects no retaining edge reaches hang under the root";
            case JAVA -> "weak, soft, phantom and final referents are not retained by their Reference";
            case JAVA_MAT -> "as Eclipse MAT: every reference retains, Reference.referent too";
            case DART -> "weak references do not retain; an ephemeron value is retained once its key is reachable";
            case FUCHSIA -> "conservative: every pointer, interior pointers too, retains";
            case GENERIC -> "every reference except weak ones and ephemeron values retains";
        };
        return words + " (" + semantics.name() + ")";
    }

    private List<BarChart.Bar> objectBars() {
        var bars = new ArrayList<BarChart.Bar>();
        for (int object : snapshot.top().objects()) {
            var ref = new ObjectRef(snapshot, object);
            bars.add(new BarChart.Bar(ref.label(), ref.retained()));
        }
        return bars;
    }

    private List<BarChart.Bar> classBars() {
        var synthetic = syntheticClasses(snapshot.graph());
        var bars = new ArrayList<BarChart.Bar>();
        for (HistogramRow r : snapshot.top().classes()) {
            if (!synthetic.contains(r.name())) {
                bars.add(new BarChart.Bar(r.name() + " ×" + Format.count(r.objects()), r.retained()));
            }
        }
        return bars;
    }

    /** Classes of the synthetic roots (V8 "(synthetic)", Dart Root): they retain everything by construction. */
    private static java.util.Set<String> syntheticClasses(HeapGraph g) {
        var names = new java.util.HashSet<String>();
        for (GcRoot r : g.gcRoots()) {
            if (r.kind() == RootKind.V8_SYNTHETIC_ROOT || r.kind() == RootKind.DART_ROOT) names.add(Queries.className(g, r.object()));
        }
        return names;
    }

    /** The value labels, in display order (for tests). */
    public List<String> values() { return values.stream().map(Label::getText).toList(); }

    /** The value shown for fact {@code name} ("Format", "Roots", …), or null. */
    public String value(String name) {
        int i = names.indexOf(name);
        return i < 0 ? null : values.get(i).getText();
    }

    public BarChart objectsChart() { return objectsChart; }

    public BarChart classesChart() { return classesChart; }
}
