/**
 * The analysis engine: which references retain under each format's rules ({@link
 * org.polyheap.analysis.RetentionRules}), the dominator tree and retained sizes ({@link
 * org.polyheap.analysis.DominatorTree}), and the queries on them — histograms, retained sets, paths to
 * GC roots, leak suspects, top consumers, snapshot comparison — gathered by {@link
 * org.polyheap.analysis.HeapAnalysis}. Works on the model's {@link org.polyheap.model.HeapGraph} with
 * plain loops over int and long arrays; long calls are cancellable through a
 * {@link org.polyheap.model.Progress} and belong on worker threads. See docs/analysis.md.
 */
package org.polyheap.analysis;
