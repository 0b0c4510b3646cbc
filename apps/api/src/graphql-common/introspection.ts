import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from './graphql-js.ts';
import { fragmentsOf, isIntrospectionField } from './document-parts.ts';

/** True when the operation asks for the schema itself. */
export const asksForIntrospection = (document: DocumentNode, operationName?: string | null): boolean => {
  const fragments = fragmentsOf(document);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  const visit = (selectionSet: SelectionSetNode, seen: Set<string>): boolean =>
    selectionSet.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        return isIntrospectionField(selection.name.value);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        return visit(selection.selectionSet, seen);
      }
      const fragment = fragments.get(selection.name.value);

      return !!fragment && !seen.has(fragment.name.value) && visit(fragment.selectionSet, new Set([...seen, fragment.name.value]));
    });

  return !!operation && visit(operation.selectionSet, new Set());
};
