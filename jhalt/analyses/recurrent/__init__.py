"""Universal recurrent sets of loops (seed 002, issue 17): the forward search for recurrent
components over intervals and octagons, the independent check, and witnesses from the set.
"""
