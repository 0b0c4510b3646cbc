import {
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isWrappingType,
  type GraphQLSchema,
  type GraphQLType,
} from './graphql-js.ts';

/**
 * How large the schema's own lists are, for weighing introspection in the cost estimate: the
 * answer to `__schema { types { fields { args } } }` grows with the schema, and a query can ask
 * for it many times over. A list's size is its average per parent (fields per type, args per
 * field), so a query over the whole schema weighs exactly what it returns.
 */
export type IntrospectionSizes = {
  /** Sizes by `TypeName.fieldName` of the introspection types' list fields. */
  lists: Record<string, number>;
  /** Most wrappers around one type (`[X!]!` has three): `ofType` deeper than this is always null. */
  maxWrappers: number;
};

const wrappersOf = (type: GraphQLType): number => {
  let count = 0;
  for (let at: GraphQLType = type; isWrappingType(at); at = at.ofType) {
    count += 1;
  }

  return count;
};

const measure = (schema: GraphQLSchema): IntrospectionSizes => {
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  let fields = 0;
  let fieldArgs = 0;
  let inputFields = 0;
  let interfaces = 0;
  let possibleTypes = 0;
  let enumValues = 0;
  let maxWrappers = 0;
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      interfaces += type.getInterfaces().length;
      for (const field of Object.values(type.getFields())) {
        fields += 1;
        fieldArgs += field.args.length;
        maxWrappers = Math.max(maxWrappers, wrappersOf(field.type), ...field.args.map((arg) => wrappersOf(arg.type)));
      }
    }
    if (isAbstractType(type)) {
      possibleTypes += schema.getPossibleTypes(type).length;
    }
    if (isEnumType(type)) {
      enumValues += type.getValues().length;
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        inputFields += 1;
        maxWrappers = Math.max(maxWrappers, wrappersOf(field.type));
      }
    }
  }
  const directiveArgs = directives.reduce((sum, directive) => sum + directive.args.length, 0);
  const perType = (count: number) => count / Math.max(1, types.length);

  return {
    lists: {
      '__Schema.types': types.length,
      '__Schema.directives': directives.length,
      '__Type.fields': perType(fields),
      '__Type.interfaces': perType(interfaces),
      '__Type.possibleTypes': perType(possibleTypes),
      '__Type.enumValues': perType(enumValues),
      '__Type.inputFields': perType(inputFields),
      '__Field.args': fieldArgs / Math.max(1, fields),
      '__Directive.args': directiveArgs / Math.max(1, directives.length),
    },
    maxWrappers,
  };
};

const measured = new WeakMap<GraphQLSchema, IntrospectionSizes>();

/** Measured once per schema: schemas are built at start and never change. */
export const introspectionSizes = (schema: GraphQLSchema): IntrospectionSizes => {
  let sizes = measured.get(schema);
  if (!sizes) {
    sizes = measure(schema);
    measured.set(schema, sizes);
  }

  return sizes;
};

/** True for the types graphql-js answers introspection with (`__Schema`, `__Type`, ...). */
export const isIntrospectionTypeName = (name: string): boolean => name.startsWith('__');
