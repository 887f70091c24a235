"""Result lemmas of recursive methods (a result's size bounded by its arguments'), for longest
paths and for term sizes, and the bounds on call results the extraction reads off them."""
