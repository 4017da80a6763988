package org.polyheap.report.html;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.polyheap.report.ReportData;
import org.polyheap.report.ReportData.DominatorNode;
import org.polyheap.report.ReportData.RootPath;
import org.polyheap.report.Queries;
import org.polyheap.report.ReportData.Suspect;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * Renders {@link ReportData} as one self-contained HTML file: inline CSS and SVG, no script, nothing
 * from the network; the dominator tree expands with plain {@code <details>}; light and dark through
 * {@code prefers-color-scheme}. Streams to the writer.
 */
public final class HtmlReport {
    private static final int BAR_ROWS = 15;
    private final Writer out;

    private HtmlReport(Writer out) { this.out = out; }

    public static void write(ReportData data, Writer out) throws IOException {
        new HtmlReport(out).document(data);
        out.flush();
    }

    private void document(ReportData d) throws IOException {
        out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        out.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        out.write("<title>Polyheap report: " + esc(d.title()) + "</title>\n<style>" + CSS + "</style></head><body>\n");
        out.write("<header><h1>Retained-size report</h1><p class=\"file\">" + esc(d.title()) + "</p>");
        out.write("<nav><a href=\"#overview\">Overview</a> <a href=\"#consumers\">Top consumers</a> "
                + "<a href=\"#dominators\">Dominator tree</a> <a href=\"#suspects\">Leak suspects</a> "
                + "<a href=\"#histogram\">Histogram</a></nav></header>\n");
        overview(d.overview());
        consumers(d.topConsumers());
        dominators(d.dominators());
        suspects(d.suspects());
        table("histogram", "Histogram", d.histogram());
        out.write("<footer>Made by Polyheap. Sizes in bytes; retained sizes follow the dominator semantics named in the overview.</footer>\n");
        out.write("</body></html>\n");
    }

    private void overview(Map<String, Object> facts) throws IOException {
        out.write("<section id=\"overview\"><h2>Overview</h2><dl>\n");
        for (var e : facts.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> || e.getValue() instanceof List<?>) continue;
            String title = Queries.overviewTitle(e.getKey());
            if (Queries.isEmptyReachabilityFact(facts, e.getKey())) continue;
            out.write("<dt>" + esc(title) + "</dt><dd>" + esc(value(e.getValue(), e.getKey())) + "</dd>\n");
        }
        out.write("</dl>\n");
        if (facts.get("warnings") instanceof List<?> warnings && !warnings.isEmpty()) {
            out.write("<h3>Warnings</h3><ul class=\"warnings\">");
            for (Object w : warnings) out.write("<li>" + esc(String.valueOf(w)) + "</li>");
            out.write("</ul>\n");
        }
        if (facts.get("facts") instanceof Map<?, ?> formatFacts && !formatFacts.isEmpty()) {
            out.write("<details class=\"facts\"><summary>Format details</summary><dl>\n");
            for (var e : formatFacts.entrySet()) {
                out.write("<dt>" + esc(String.valueOf(e.getKey())) + "</dt><dd><pre>" + esc(String.valueOf(e.getValue())) + "</pre></dd>\n");
            }
            out.write("</dl></details>\n");
        }
        out.write("</section>\n");
    }

    private void consumers(Table t) throws IOException {
        out.write("<section id=\"consumers\"><h2>Top consumers</h2>\n");
        int name = t.columnIndex("name"), retained = t.columnIndex("retained");
        List<Object[]> rows = t.rows().subList(0, Math.min(BAR_ROWS, t.rows().size()));
        long max = 1;
        for (Object[] r : rows) max = Math.max(max, ((Number) r[retained]).longValue());
        int rowHeight = 22, labelWidth = 360, barWidth = 420;
        int height = rows.size() * rowHeight + 4;
        out.write("<svg class=\"bars\" role=\"img\" aria-label=\"Top consumers by retained size\" viewBox=\"0 0 "
                + (labelWidth + barWidth + 120) + " " + height + "\" width=\"100%\">\n");
        int y = 2;
        for (Object[] r : rows) {
            long v = ((Number) r[retained]).longValue();
            int w = (int) Math.max(1, v * barWidth / max);
            out.write("<text x=\"" + (labelWidth - 6) + "\" y=\"" + (y + 15) + "\" text-anchor=\"end\">"
                    + esc(cut(String.valueOf(r[name]), 52)) + "</text>");
            out.write("<rect x=\"" + labelWidth + "\" y=\"" + (y + 3) + "\" width=\"" + w + "\" height=\"16\"/>");
            out.write("<text x=\"" + (labelWidth + w + 6) + "\" y=\"" + (y + 15) + "\">" + esc(human(v)) + "</text>\n");
            y += rowHeight;
        }
        out.write("</svg>\n");
        tableBody(t, 50);
        out.write("</section>\n");
    }

    private void dominators(List<DominatorNode> roots) throws IOException {
        out.write("<section id=\"dominators\"><h2>Dominator tree</h2>\n<p class=\"hint\">Biggest objects by retained size; "
                + "open a row to see what it keeps alive.</p>\n<div class=\"tree\">\n");
        // iterative: an explicit stack of (node, depth) instead of recursion
        var stack = new java.util.ArrayDeque<Object>();
        for (int i = roots.size() - 1; i >= 0; i--) stack.push(roots.get(i));
        while (!stack.isEmpty()) {
            Object top = stack.pop();
            if (top instanceof String closing) {
                out.write(closing);
                continue;
            }
            DominatorNode n = (DominatorNode) top;
            String line = "<span class=\"ret\">" + esc(human(n.retained())) + "</span> <span class=\"cls\">"
                    + esc(n.className()) + "</span> <span class=\"id\">" + esc(n.id()) + "</span>"
                    + (n.label() == null || n.label().isEmpty() ? "" : " <span class=\"val\">" + esc(cut(n.label(), 80)) + "</span>")
                    + " <span class=\"shallow\">shallow " + esc(human(n.shallow())) + "</span>";
            if (n.children().isEmpty()) {
                out.write("<div class=\"leaf\">" + line + "</div>\n");
            } else {
                out.write("<details><summary>" + line + "</summary>\n");
                String more = n.childCount() > n.children().size()
                        ? "<div class=\"more\">… " + (n.childCount() - n.children().size()) + " more</div>\n" : "";
                stack.push(more + "</details>\n");
                for (int i = n.children().size() - 1; i >= 0; i--) stack.push(n.children().get(i));
            }
        }
        out.write("</div></section>\n");
    }

    private void suspects(List<Suspect> suspects) throws IOException {
        out.write("<section id=\"suspects\"><h2>Leak suspects</h2>\n");
        if (suspects.isEmpty()) {
            out.write("<p>No single object or class retains 10 % or more of the heap.</p>\n");
        }
        int i = 1;
        for (Suspect s : suspects) {
            out.write("<article class=\"suspect\"><h3>Suspect " + i++ + ": " + esc(s.title()) + "</h3>\n");
            String share = String.format(Locale.ROOT, "%.1f", s.percentOfHeap()) + " % of the heap";
            if (s.instances() == 1) {
                out.write("<p>" + esc(s.className()) + " " + esc(s.id()) + " retains <b>" + esc(human(s.retained()))
                        + "</b> (" + share + ").");
            } else { // a class: its instances retain the bytes together; the path and accumulation point are of the biggest
                out.write("<p>" + String.format(Locale.ROOT, "%,d", s.instances()) + " instances of " + esc(s.className())
                        + " retain <b>" + esc(human(s.retained())) + "</b> together (" + share + "); the biggest, "
                        + esc(s.id()) + ", retains " + esc(human(s.objectRetained())) + " alone.");
            }
            if (s.accumulationPoint() != null) {
                out.write(" Accumulation point" + (s.instances() == 1 ? "" : " in the biggest") + ": " + esc(s.accumulationPoint()) + ".");
            }
            out.write("</p>\n");
            for (RootPath p : s.paths()) {
                out.write("<ol class=\"path\">");
                for (var step : p.steps()) {
                    out.write("<li><span class=\"cls\">" + esc(step.className()) + "</span> <span class=\"id\">"
                            + esc(step.id()) + "</span>" + (step.edge() == null ? "" : " <span class=\"edge\">via ."
                            + esc(step.edge()) + "</span>") + "</li>");
                }
                out.write("<li class=\"root\">GC root: " + esc(p.rootKind()) + "</li></ol>\n");
            }
            out.write("</article>\n");
        }
        out.write("</section>\n");
    }

    private void table(String id, String title, Table t) throws IOException {
        out.write("<section id=\"" + id + "\"><h2>" + esc(title) + "</h2>\n");
        tableBody(t, Integer.MAX_VALUE);
        out.write("</section>\n");
    }

    private void tableBody(Table t, int maxRows) throws IOException {
        out.write("<table><thead><tr>");
        for (Column c : t.columns()) {
            out.write("<th" + (c.kind() == Column.Kind.TEXT ? "" : " class=\"num\"") + ">" + esc(c.title()) + "</th>");
        }
        out.write("</tr></thead><tbody>\n");
        int n = 0;
        for (Object[] row : t.rows()) {
            if (n++ >= maxRows) break;
            out.write("<tr>");
            for (int i = 0; i < row.length; i++) {
                Column c = t.columns().get(i);
                out.write("<td" + (c.kind() == Column.Kind.TEXT ? "" : " class=\"num\"") + ">" + esc(cell(row[i], c)) + "</td>");
            }
            out.write("</tr>\n");
        }
        out.write("</tbody></table>\n");
    }

    private static String cell(Object v, Column c) {
        if (v == null) return "";
        return switch (c.kind()) {
            case BYTES, COUNT -> String.format(Locale.ROOT, "%,d", ((Number) v).longValue());
            case PERCENT -> String.format(Locale.ROOT, "%.2f %%", ((Number) v).doubleValue());
            case FLAG -> Boolean.TRUE.equals(v) ? "yes" : "";
            case TEXT -> v.toString();
        };
    }

    private static String value(Object v, String key) {
        if (v instanceof Number n && !(v instanceof Double)) {
            String s = String.format(Locale.ROOT, "%,d", n.longValue());
            return key.toLowerCase(Locale.ROOT).contains("bytes") ? s + " (" + human(n.longValue()) + ")" : s;
        }
        return String.valueOf(v);
    }

    /** 1,234,567 → "1.2 MiB": the units of every surface ({@link org.polyheap.report.ByteSizes}). */
    private static String human(long bytes) { return org.polyheap.report.ByteSizes.human(bytes); }

    private static String cut(String s, int max) { return s.length() <= max ? s : s.substring(0, max - 1) + "…"; }

    static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String CSS = """
            :root{color-scheme:light dark;--fg:#1d1f21;--bg:#fff;--muted:#666;--bar:#3b7dd8;--line:#ddd;--hl:#f3f6fb}
            @media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#17191c;--muted:#9aa;--bar:#6aa7ff;--line:#333;--hl:#22262c}}
            body{font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1100px;padding:1em 2em}
            h1{margin:.2em 0}h2{border-bottom:1px solid var(--line);padding-bottom:.2em;margin-top:1.6em}
            .file{color:var(--muted);font-family:ui-monospace,monospace}nav a{margin-right:1em}
            dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1.5em}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}dd pre{margin:0;white-space:pre-wrap;font-size:12px}
            table{border-collapse:collapse;width:100%}th,td{padding:.25em .6em;border-bottom:1px solid var(--line);text-align:left}
            td{overflow-wrap:anywhere}.tree,.path{overflow-wrap:anywhere}
            th.num,td.num{text-align:right;font-variant-numeric:tabular-nums}tbody tr:hover{background:var(--hl)}
            svg.bars text{fill:var(--fg);font-size:12px}svg.bars rect{fill:var(--bar)}
            .tree details,.tree .leaf{margin-left:1.2em}.tree summary{cursor:pointer}
            .ret{display:inline-block;min-width:6em;text-align:right;font-variant-numeric:tabular-nums}
            .id,.shallow,.more,.hint{color:var(--muted)}.val{font-style:italic}.cls{font-weight:600}
            .path{font-family:ui-monospace,monospace;font-size:13px}.path .root{color:var(--muted)}
            .edge{color:var(--bar)}footer{margin-top:3em;color:var(--muted);font-size:12px}
            """;
}
