"""aastore's runtime type check (JVMS §6.5 aastore, thesis Fig. 1.25): a store whose type
check may fail throws java/lang/ArrayStoreException in the failing case; one that cannot
fail never throws it."""

from __future__ import annotations

import pytest
from seg_testkit import compile_source, graph_of

ARRAY_STORE = "java/lang/ArrayStoreException"

SOURCE = """
public class Zoo {
    static class Animal {}
    static class Dog extends Animal {}
    static class Cat extends Animal {}

    static void mixed(int n) {
        Animal[] zoo = n > 1 ? new Dog[3] : new Animal[3];
        zoo[0] = new Cat();
    }

    static void dogsOnly() {
        Animal[] zoo = new Dog[2];
        zoo[1] = new Cat();
    }

    static void strings(String[] args) {
        String[] copy = new String[args.length];
        for (int i = 0; i < args.length; i++) copy[i] = args[i];
    }

    static void animals(Animal[] zoo, Animal a) {
        zoo[0] = a;
    }

    static void freshAnimals(int n) {
        Animal[] zoo = new Animal[2];
        zoo[0] = n > 0 ? new Cat() : new Dog();
    }

    static void freshObjects(int n) {
        Object[] things = new Object[2];
        things[0] = Integer.valueOf(n);
        things[1] = "text";
    }

    static void loopedAnimals(int n) {
        Animal[] zoo = new Animal[n];
        for (int i = 0; i < n; i++) zoo[i] = new Cat();
    }

    static int castArray(Object[] things) {
        int n = things.length;  // realizes the array first: its value keeps the static type
        String[] s = (String[]) things;
        return n;
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return compile_source(tmp_path_factory.mktemp("zoo"), "Zoo", SOURCE)


def _ends(classes, name: str, descriptor: str) -> set[str]:
    graph = graph_of(classes, "Zoo", name, descriptor)
    assert graph.is_complete, graph.incomplete
    return set(graph.ends.values())


def test_cat_into_dog_or_animal_array_may_throw(classes):
    assert _ends(classes, "mixed", "(I)V") == {"return", ARRAY_STORE}


def test_cat_into_dog_array_always_throws(classes):
    assert _ends(classes, "dogsOnly", "()V") == {ARRAY_STORE}


def test_strings_into_string_array_never_throw_array_store(classes):
    # String is final: a String[] holds exactly Strings, every String fits
    assert ARRAY_STORE not in _ends(classes, "strings", "([Ljava/lang/String;)V")


def test_unknown_array_and_element_keep_both_outcomes(classes):
    # zoo may be a Dog[] or Cat[] and a may be a Cat or a Dog
    ends = _ends(classes, "animals", "([LZoo$Animal;LZoo$Animal;)V")
    assert ARRAY_STORE in ends and "return" in ends


def test_checkcast_of_an_unknown_object_array_to_string_array_may_succeed(classes):
    # an Object[] parameter may be a String[] at run time (array covariance, JLS §10.10)
    ends = _ends(classes, "castArray", "([Ljava/lang/Object;)I")
    assert {"return", "java/lang/ClassCastException"} <= ends


# An array the method creates has exactly the type it was created with (JVMS §6.5 anewarray),
# so any object of a subtype of the component fits — the array is not one of the subtypes'
# arrays that an upper bound alone would allow (issue 34: impossible ArrayStoreException
# candidates at stores into fresh arrays, such as a varargs Object[]).


def test_any_animal_into_a_fresh_animal_array_never_throws(classes):
    assert _ends(classes, "freshAnimals", "(I)V") == {"return"}


def test_anything_into_a_fresh_object_array_never_throws(classes):
    assert ARRAY_STORE not in _ends(classes, "freshObjects", "(I)V")


def test_a_fresh_array_stays_exact_across_the_loop_merge(classes):
    assert ARRAY_STORE not in _ends(classes, "loopedAnimals", "(I)V")
