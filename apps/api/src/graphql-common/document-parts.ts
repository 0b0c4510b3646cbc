import { Kind, type DocumentNode, type FragmentDefinitionNode } from './graphql-js.ts';

export const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

export const fragmentsOf = (document: DocumentNode): Map<string, FragmentDefinitionNode> =>
  new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
