/**
 * Secrets in the suite guard nothing, so they are hashed at a trivial scrypt cost unless the run asks for
 * another: in-process servers read it through testConfigBase() and child servers inherit the variable.
 * The production default is proven by src/config.spec.ts.
 */
process.env.PASSWORD_HASH_COST ??= '4';
