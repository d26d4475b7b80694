// The .pipe language. See grammar/REFERENCE.md for what each construct means.
//
// A file is a list of statements. Every construct is one of five shapes, so the
// grammar stays small and the meaning lives in the checks, which can give
// precise messages ("unexpected key x for job; expected one of ..."):
//   key = expr                        an attribute
//   kind name? (params)? { stmts }    a block (workflow, job, step, env, ...)
//   kind name : type (= expr)? {..}?  a typed declaration (input, output, flag)
//   use name(args)                    an instantiation of a template
//   name                              a bare name (a flag, or a value passed on)
// plus `import`, `let` and the compile-time `when ... else ...`.
grammar Pipe;

file      : stmt* EOF ;

stmt      : 'import' STRING ';'?                                   # importStmt
          | 'let' name=IDENT '=' expr ';'?                         # letStmt
          | 'use' name=IDENT args ';'?                             # useStmt
          | 'when' expr body elseClause?                           # whenStmt
          | key=IDENT '=' expr ';'?                                # attrStmt
          | kind=IDENT name=IDENT ':' typeRef ('=' expr)? body?    # typedStmt
          | kind=IDENT name=IDENT? params? body                    # blockStmt
          | kind=IDENT ';'?                                      # flagStmt
          | badStmt                                                # errorStmt
          ;

// Error productions for common slips, reported with a helpful message.
badStmt   : key=IDENT ':' expr ';'?                                 // YAML habit: `key: value`
          ;

elseClause: 'else' (body | whenTail=whenChain) ;
whenChain : 'when' expr body elseClause? ;

body      : '{' stmt* '}' ;

params    : '(' (param (',' param)* ','?)? ')' ;
param     : name=IDENT ':' typeRef ('=' expr)? ;
args      : '(' (arg (',' arg)* ','?)? ')' ;
// Arguments by position, then by name (name = value), in a use and a call.
arg       : (name=IDENT '=')? expr ;

// In [ ]: options (choice["a", "b"]), or the items' type (list[tool]); a
// type with options of its own where an expression cannot be
// (list[choice["a", "b"]]) is the second form.
typeRef   : name=IDENT ('[' (expr (',' expr)* ','? | item=typeRef) ']')? ;

expr      : primary                                                # primaryExpr
          | expr '.' (name=IDENT | star='*')                       # memberExpr
          | expr '[' expr ']'                                      # indexExpr
          | '!' expr                                               # notExpr
          | expr '+' expr                                          # concatExpr
          | expr op=('<' | '<=' | '>' | '>=') expr                 # compareExpr
          | expr op=('==' | '!=') expr                             # equalExpr
          | expr '&&' expr                                         # andExpr
          | expr '||' expr                                         # orExpr
          | <assoc=right> expr '?' expr ':' expr                   # condExpr
          ;

primary   : STRING                                                 # stringLit
          | RAWSTRING                                              # rawStringLit
          | NUMBER                                                 # numberLit
          | ('true' | 'false')                                     # boolLit
          | 'null'                                                 # nullLit
          | IDENT '(' (arg (',' arg)* ','?)? ')'                   # callExpr
          | IDENT                                                  # nameExpr
          | '[' (expr (',' expr)* ','?)? ']'                       # listLit
          | '{' (objField (',' objField)* ','?)? '}'               # objectLit
          | '(' expr ')'                                           # parenExpr
          ;

objField  : (IDENT | STRING) ':' expr ;

// Triple-quoted strings span lines; their common indentation is removed.
RAWSTRING : '"""' .*? '"""' ;
STRING    : '"' ( '\\' . | ~["\\\r\n] )* '"'
          | '\'' ( '\\' . | ~['\\\r\n] )* '\''
          ;
// A string its line does not close, as one token to the end of the line:
// lexed as a lone quote instead, the rest of the line was read again from
// each quote in it (a long line of \" took minutes). The parser reports it.
UNTERMINATED : '"' ( '\\' . | ~["\\\r\n] )*
             | '\'' ( '\\' . | ~['\\\r\n] )*
             ;
// An exponent is lexed so that the parser can refuse it by name (numbers
// are written out; GitHub reads them as doubles).
NUMBER    : '-'? [0-9]+ ('.' [0-9]+)? ([eE] [+-]? [0-9]+)? ;
// Identifiers may contain '-' so that GitHub's own keys (runs-on,
// timeout-minutes) are written as GitHub spells them. The language has no
// subtraction, so nothing is lost.
IDENT     : [a-zA-Z_] [a-zA-Z0-9_-]* ;

COMMENT   : ('#' | '//') ~[\r\n]* -> channel(HIDDEN) ;
WS        : [ \t\r\n]+ -> skip ;
ANY       : . ;
