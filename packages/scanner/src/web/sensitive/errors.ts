// Error messages in pages: stack traces (Java, .NET, Python, Node), PHP warnings and fatal errors with their paths, and
// database errors. Each pattern asks for the shape of a real trace (a frame with a file and line), not a word.

export interface ErrorMatch {
  /** 'Java stack trace', 'PHP error with a file path', 'MySQL error' … */
  label: string;
  /** The matched text (the start of the trace). */
  proof: string;
}

const ERROR_PATTERNS: { label: string; re: RegExp }[] = [
  {
    label: 'Java stack trace',
    re: /\b(?:[a-z][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)\b[^\n<]{0,200}\s+at (?:[\w$]+\.)+[\w$<>]+\([\w$]+\.java:\d+\)/,
  },
  { label: '.NET stack trace', re: /\bat [\w.`<>[\]]+\([^)\n]*\) in [^\n<]{1,200}\.(?:cs|vb):line \d+/ },
  { label: 'ASP.NET error page', re: /Server Error in '[^']{0,100}' Application\.[\s\S]{0,4000}?(?:Stack Trace:|Exception Details:)/ },
  { label: 'Python traceback', re: /Traceback \(most recent call last\):\s+File "[^"\n]{1,300}", line \d+/ },
  {
    label: 'PHP error with a file path',
    re: /(?:<b>)?(?:Warning|Fatal error|Parse error|Notice|Deprecated|Catchable fatal error)(?:<\/b>)?:\s+[^\n]{1,400}? in (?:<b>)?(?:\/|[A-Za-z]:\\)[^\n<]{1,300}\.(?:php|inc)(?:<\/b>)? on line (?:<b>)?\d+/,
  },
  {
    label: 'Node.js stack trace',
    re: /\b\w*Error\b[^\n]{0,300}\n\s+at (?:[\w$.<>[\] ]+ \()?(?:\/|[A-Za-z]:\\|file:\/\/|node:)[^\s)]{1,300}:\d+:\d+\)?/,
  },
  {
    // Express's error handler renders the trace as HTML, one frame per list item: "<li> &nbsp; &nbsp;at /srv/…:52:18".
    label: 'Node.js stack trace',
    re: /\b\w*Error\b[^\n<]{0,300}(?:<\/\w+>\s*)*<ul[^>]*>\s*<li>(?:\s|&nbsp;)*at (?:[\w$.<>[\] ]+ \()?(?:\/|[A-Za-z]:\\|file:\/\/|node:)[^\s)<]{1,300}:\d+:\d+/,
  },
  { label: 'Ruby on Rails error page', re: /Action Controller: Exception caught|\.rb:\d+:in `[^']+'/ },
  {
    label: 'MySQL error',
    re: /You have an error in your SQL syntax|check the manual that corresponds to your (?:MySQL|MariaDB) server version|mysqli?_[a-z_]+\(\) expects parameter/,
  },
  {
    label: 'PostgreSQL error',
    re: /PG::[A-Z]\w+Error|pg_query\(\): Query failed|ERROR:\s+syntax error at or near "|unterminated quoted string at or near/,
  },
  {
    label: 'SQL Server error',
    re: /Unclosed quotation mark after the character string|Microsoft OLE DB Provider for SQL Server|\[Microsoft\]\[ODBC SQL Server Driver\]|System\.Data\.SqlClient\.SqlException/,
  },
  { label: 'Oracle error', re: /\bORA-\d{5}: [^\n<]{3,}/ },
  { label: 'SQLite error', re: /SQLite3?::(?:SQLException|query)|sqlite3\.OperationalError|SQLITE_ERROR/ },
  { label: 'SQL error', re: /SQLSTATE\[[0-9A-Z]{5}\]/ },
];

/** The error messages a body shows, one per kind. */
/** A source file and line in a trace (`/srv/app/routes/x.js:52:18`, `Foo.java:42`, `"app.py", line 7`, `x.php on line 9`). */
const CODE_LOCATION =
  /[\w./\\-]+\.(?:js|mjs|cjs|ts|java|py|php|inc|rb|cs|vb)(?::\d+(?::\d+)?|", line \d+|(?:<\/b>)? on line (?:<b>)?\d+|:line \d+)/;

/**
 * Where in the code an error was raised, from its trace: the same location is the same error, whatever URL showed it.
 * Null for an error without one (a database's message).
 */
export function codeLocation(proof: string): string | null {
  return CODE_LOCATION.exec(proof)?.[0] ?? null;
}

export function findErrorMessages(text: string): ErrorMatch[] {
  const out: ErrorMatch[] = [];
  for (const p of ERROR_PATTERNS) {
    const m = p.re.exec(text);
    // A database error inside a PHP warning already reported is the same message.
    if (m && !out.some((o) => o.proof.includes(m[0]) || m[0].includes(o.proof))) out.push({ label: p.label, proof: m[0].slice(0, 300) });
  }
  return out;
}
