package org.polyheap.report.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.polyheap.model.ClassInfo;

/**
 * Translates the common forms of Eclipse MAT's OQL into SQL over the snapshot's tables (docs/query.md):
 * {@code SELECT * | expr [AS name], ... FROM [INSTANCEOF] class | "regex" | 0xADDRESS, ... [alias]
 * [WHERE condition]}, the attributes {@code @objectId @objectAddress @usedHeapSize @retainedHeapSize
 * @displayName @length}, field navigation ({@code s.value.@length}), {@code toString(x)}, AND, OR, NOT,
 * LIKE and NOT LIKE (regular expressions, as in MAT), comparisons, parentheses, {@code null}. Anything
 * else is refused with a {@link QueryException} naming the construct and its position, never translated
 * into something that would answer differently.
 */
public final class Oql {
    private final String text;
    private final List<ClassInfo> classes;
    private final List<Token> tokens = new ArrayList<>();
    private int at;
    private String alias;

    private Oql(String text, List<ClassInfo> classes) {
        this.text = text;
        this.classes = classes;
    }

    /**
     * The SQL of an OQL statement, for a snapshot with these classes (the FROM clause's class names and
     * patterns become the names of the classes they match, INSTANCEOF adds their subclasses).
     */
    public static String toSql(String oql, List<ClassInfo> classes) throws QueryException {
        var o = new Oql(oql, classes);
        o.tokenize();
        return o.statement();
    }

    private enum Kind { WORD, STRING, NUMBER, ADDRESS, SYMBOL, END }

    private record Token(Kind kind, String text, int offset) { }

    private void tokenize() throws QueryException {
        int i = 0, n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) { i++; continue; }
            int start = i;
            if (c == '"' || c == '\'') {
                int end = text.indexOf(c, i + 1);
                if (end < 0) throw error(start, "a string that is not closed");
                tokens.add(new Token(Kind.STRING, text.substring(i + 1, end), start));
                i = end + 1;
            } else if (c == '0' && i + 1 < n && (text.charAt(i + 1) == 'x' || text.charAt(i + 1) == 'X')) {
                i += 2;
                while (i < n && Character.digit(text.charAt(i), 16) >= 0) i++;
                tokens.add(new Token(Kind.ADDRESS, text.substring(start, i).toLowerCase(Locale.ROOT), start));
            } else if (Character.isDigit(c) || c == '-' && i + 1 < n && Character.isDigit(text.charAt(i + 1)) && lastIsOperator()) {
                i++;
                while (i < n && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) i++;
                tokens.add(new Token(Kind.NUMBER, text.substring(start, i), start));
            } else if (Character.isJavaIdentifierStart(c) || c == '@') {
                i++;
                // a class name or path is one word with its dots, $, @ and [] (java.util.HashMap$Node[], s.value.@length)
                while (i < n) {
                    char d = text.charAt(i);
                    if (Character.isJavaIdentifierPart(d)) i++;
                    else if (d == '.' && i + 1 < n && (Character.isJavaIdentifierStart(text.charAt(i + 1)) || text.charAt(i + 1) == '@')) i += 2;
                    else if (text.startsWith("[]", i)) i += 2;
                    else break;
                }
                tokens.add(new Token(Kind.WORD, text.substring(start, i), start));
            } else if (text.startsWith("<=", i) || text.startsWith(">=", i) || text.startsWith("!=", i) || text.startsWith("<>", i)) {
                tokens.add(new Token(Kind.SYMBOL, text.substring(i, i + 2), start));
                i += 2;
            } else if ("=<>(),*".indexOf(c) >= 0) {
                tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), start));
                i++;
            } else {
                throw error(start, "the character '" + c + "'");
            }
        }
        tokens.add(new Token(Kind.END, "", n));
    }

    private boolean lastIsOperator() {
        if (tokens.isEmpty()) return true;
        Token t = tokens.get(tokens.size() - 1);
        return t.kind() == Kind.SYMBOL && !t.text().equals(")") || t.kind() == Kind.WORD && isKeyword(t.text());
    }

    private static boolean isKeyword(String w) {
        return Set.of("select", "from", "where", "and", "or", "not", "like", "as", "instanceof").contains(w.toLowerCase(Locale.ROOT));
    }

    private Token peek() { return tokens.get(at); }

    private Token next() { return tokens.get(at++); }

    private boolean word(String w) {
        Token t = peek();
        if (t.kind() == Kind.WORD && t.text().equalsIgnoreCase(w)) {
            at++;
            return true;
        }
        return false;
    }

    private boolean symbol(String s) {
        Token t = peek();
        if (t.kind() == Kind.SYMBOL && t.text().equals(s)) {
            at++;
            return true;
        }
        return false;
    }

    private QueryException error(int offset, String what) {
        int line = 1, col = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') { line++; col = 1; } else col++;
        }
        return new QueryException(QueryException.Reason.UNSUPPORTED,
                "line " + line + ", column " + col + ": OQL: " + what + " is not supported (docs/query.md lists the OQL that is)", line, col);
    }

    private QueryException unsupported(Token t) {
        String what = t.kind() == Kind.END ? "the end of the statement here" : "'" + t.text() + "'";
        return error(t.offset(), what);
    }

    private String statement() throws QueryException {
        if (!word("select")) throw error(peek().offset(), "a statement that does not start with SELECT");
        for (String refused : List.of("distinct", "objects", "as")) {
            if (peek().kind() == Kind.WORD && peek().text().equalsIgnoreCase(refused)) {
                throw error(peek().offset(), "SELECT " + refused.toUpperCase(Locale.ROOT) + (refused.equals("as") ? " RETAINED SET" : ""));
            }
        }
        int selectStart = at;
        // skip the select list to read FROM first: the alias is needed to read the list
        int depth = 0;
        while (!(depth == 0 && peek().kind() == Kind.WORD && peek().text().equalsIgnoreCase("from"))) {
            Token t = next();
            if (t.kind() == Kind.END) throw error(t.offset(), "a statement without FROM");
            if (t.kind() == Kind.SYMBOL && t.text().equals("(")) depth++;
            if (t.kind() == Kind.SYMBOL && t.text().equals(")")) depth--;
        }
        int fromAt = at;
        word("from");
        String from = from();
        if (peek().kind() == Kind.WORD && !peek().text().equalsIgnoreCase("where")) {
            Token a = next();
            if (isKeyword(a.text())) throw unsupported(a);
            alias = a.text();
        }
        String where = null;
        if (word("where")) where = condition();
        if (peek().kind() != Kind.END) throw unsupported(peek());
        int end = at;
        at = selectStart;
        String select = selectList(fromAt);
        at = end;
        return "SELECT " + select + " FROM objects o WHERE " + from + (where == null ? "" : " AND (" + where + ")");
    }

    private String selectList(int fromAt) throws QueryException {
        if (symbol("*")) {
            if (at != fromAt) throw unsupported(peek());
            return "o.id, o.class, o.shallow, o.retained, o.label";
        }
        var items = new ArrayList<String>();
        do {
            String e = value();
            if (word("as")) {
                Token name = next();
                if (name.kind() != Kind.WORD && name.kind() != Kind.STRING) throw unsupported(name);
                e += " AS \"" + name.text().replace("\"", "") + "\"";
            }
            items.add(e);
        } while (symbol(","));
        if (at != fromAt) throw unsupported(peek());
        return String.join(", ", items);
    }

    /** The FROM clause as a condition on {@code o}. */
    private String from() throws QueryException {
        if (symbol("(")) throw error(tokens.get(at - 1).offset(), "a sub-select in FROM");
        boolean instanceOf = word("instanceof");
        if (peek().kind() == Kind.WORD && peek().text().equalsIgnoreCase("objects")) throw error(peek().offset(), "FROM OBJECTS");
        Token t = next();
        var names = new LinkedHashSet<String>();
        switch (t.kind()) {
            case ADDRESS -> {
                if (instanceOf) throw error(t.offset(), "INSTANCEOF an address");
                var ids = new ArrayList<String>();
                ids.add(t.text());
                while (symbol(",")) {
                    Token more = next();
                    if (more.kind() != Kind.ADDRESS) throw unsupported(more);
                    ids.add(more.text());
                }
                return "(" + String.join(" OR ", ids.stream().map(id -> "o.id = " + quote(id)).toList()) + ")";
            }
            case WORD -> {
                if (t.text().startsWith("${") || isKeyword(t.text())) throw unsupported(t);
                for (ClassInfo c : classes) if (c.name().equals(t.text())) names.add(c.name());
            }
            case STRING -> {
                Pattern p;
                try {
                    p = Pattern.compile(t.text());
                } catch (PatternSyntaxException e) {
                    throw new QueryException(QueryException.Reason.SYNTAX, "OQL: the class pattern \"" + t.text()
                            + "\" is not a regular expression: " + e.getDescription());
                }
                for (ClassInfo c : classes) if (p.matcher(c.name()).matches()) names.add(c.name());
            }
            default -> throw unsupported(t);
        }
        if (instanceOf) names.addAll(subclasses(names));
        if (names.isEmpty()) return "FALSE";
        return "(" + String.join(" OR ", names.stream().map(c -> "o.class = " + quote(c)).toList()) + ")";
    }

    /** Names of the classes below the named ones in the class hierarchy. */
    private Set<String> subclasses(Set<String> names) {
        var out = new LinkedHashSet<String>();
        for (ClassInfo c : classes) {
            int guard = 0;
            for (int s = c.superClass(); s >= 0 && s < classes.size() && guard++ < 1000; s = classes.get(s).superClass()) {
                if (names.contains(classes.get(s).name())) {
                    out.add(c.name());
                    break;
                }
            }
        }
        return out;
    }

    private String condition() throws QueryException {
        String left = conjunction();
        while (word("or")) left = left + " OR " + conjunction();
        return left;
    }

    private String conjunction() throws QueryException {
        String left = negation();
        while (word("and")) left = left + " AND " + negation();
        return left;
    }

    private String negation() throws QueryException {
        if (word("not")) return "NOT (" + negation() + ")";
        return comparison();
    }

    private String comparison() throws QueryException {
        if (symbol("(")) {
            String inner = condition();
            if (!symbol(")")) throw unsupported(peek());
            return "(" + inner + ")";
        }
        Operand left = operand();
        boolean not = word("not");
        if (word("like")) {
            Token p = next();
            if (p.kind() != Kind.STRING) throw unsupported(p);
            return (not ? "NOT " : "") + "matches_regex(" + left.sql() + ", " + quote(p.text()) + ")";
        }
        if (not) throw unsupported(peek());
        Token op = peek();
        if (op.kind() == Kind.SYMBOL && List.of("=", "!=", "<>", "<", "<=", ">", ">=").contains(op.text())) {
            at++;
            Operand right = operand();
            String sqlOp = op.text().equals("!=") ? "<>" : op.text();
            if (right.sql().equals("NULL") || left.sql().equals("NULL")) {
                Operand other = right.sql().equals("NULL") ? left : right;
                if (sqlOp.equals("=")) return other.sql() + " IS NULL";
                if (sqlOp.equals("<>")) return other.sql() + " IS NOT NULL";
                throw error(op.offset(), "comparing null with " + op.text());
            }
            return typed(left, right) + " " + sqlOp + " " + typed(right, left);
        }
        throw unsupported(op);
    }

    /** An operand of a comparison, cast to the type of the other side when it is a field's value (of any type). */
    private static String typed(Operand self, Operand other) {
        if (!self.untyped()) return self.sql();
        return switch (other.type()) {
            case "number" -> "CAST(" + self.sql() + " AS DOUBLE)";
            case "text" -> "CAST(" + self.sql() + " AS VARCHAR)";
            default -> self.sql();
        };
    }

    /** An SQL expression with its type: number, text, object (an id), any (a field's value), null, bool. */
    private record Operand(String sql, String type) {
        boolean untyped() { return type.equals("any"); }
    }

    private String value() throws QueryException { return operand().sql(); }

    private Operand operand() throws QueryException {
        Token t = next();
        switch (t.kind()) {
            case NUMBER -> { return new Operand(t.text(), "number"); }
            case STRING -> { return new Operand(quote(t.text()), "text"); }
            case ADDRESS -> { return new Operand(quote(t.text()), "object"); }
            case WORD -> { }
            default -> throw unsupported(t);
        }
        String w = t.text();
        String lower = w.toLowerCase(Locale.ROOT);
        if (lower.equals("null")) return new Operand("NULL", "null");
        if (lower.equals("true") || lower.equals("false")) return new Operand(lower.toUpperCase(Locale.ROOT), "bool");
        if (symbol("(")) {
            if (w.contains(".")) throw error(t.offset(), "a method call (" + w + "())");
            if (!lower.equals("tostring")) throw error(t.offset(), "the function " + w + "()");
            Operand arg = operand();
            if (!symbol(")")) throw unsupported(peek());
            return new Operand("to_string(" + arg.sql() + ")", "text");
        }
        if (isKeyword(w)) throw unsupported(t);
        return path(t);
    }

    /** {@code alias}, {@code alias.field.field.@attribute}, {@code @attribute}, {@code field.@attribute}. */
    private Operand path(Token t) throws QueryException {
        List<String> parts = new ArrayList<>(List.of(t.text().split("\\.", -1)));
        if (alias != null && parts.get(0).equals(alias)) parts.remove(0);
        if (peek().kind() == Kind.SYMBOL && peek().text().equals("(")) throw error(t.offset(), "a method call");
        String attribute = parts.isEmpty() || !parts.get(parts.size() - 1).startsWith("@") ? null : parts.remove(parts.size() - 1);
        for (String p : parts) {
            if (p.isEmpty() || p.startsWith("@")) throw error(t.offset(), "'" + t.text() + "'");
        }
        if (parts.isEmpty()) {
            if (attribute == null) return new Operand("o.id", "object");
            return switch (attribute) {
                case "@objectId" -> new Operand("o.id", "object");
                case "@objectAddress" -> new Operand("o.address", "number");
                case "@usedHeapSize" -> new Operand("o.shallow", "number");
                case "@retainedHeapSize" -> new Operand("o.retained", "number");
                case "@displayName" -> new Operand("display_name(o.id)", "text");
                case "@length" -> new Operand("array_length(o.id)", "number");
                default -> throw error(t.offset(), "the attribute " + attribute);
            };
        }
        String value = "field(o.id, " + quote(String.join(".", parts)) + ")";
        if (attribute == null) return new Operand(value, "any");
        String target = "CAST(" + value + " AS VARCHAR)";
        return switch (attribute) {
            case "@objectId" -> new Operand(target, "object");
            case "@objectAddress" -> new Operand("address_of(" + target + ")", "number");
            case "@usedHeapSize" -> new Operand("shallow_size(" + target + ")", "number");
            case "@retainedHeapSize" -> new Operand("retained_size(" + target + ")", "number");
            case "@displayName" -> new Operand("display_name(" + target + ")", "text");
            case "@length" -> new Operand("array_length(" + target + ")", "number");
            default -> throw error(t.offset(), "the attribute " + attribute);
        };
    }

    private static String quote(String s) { return "'" + s.replace("'", "''") + "'"; }
}
