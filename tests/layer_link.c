/* The program of the layers' link check (Makefile.am): it calls nothing; the
 * library linked whole beside it must find every symbol it uses in itself
 * or in the layers below it. */
int main(void);

int main(void) { return 0; }
