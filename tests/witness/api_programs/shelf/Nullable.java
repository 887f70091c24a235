package shelf;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A nullable marker kept in the class file only (RuntimeInvisibleParameterAnnotations). */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Nullable {
}
