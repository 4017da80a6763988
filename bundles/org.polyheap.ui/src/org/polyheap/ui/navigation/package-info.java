/** Navigation history: back and forward across the queries and selections of the window (Alt+← / Alt+→). */
package org.polyheap.ui.navigation;
