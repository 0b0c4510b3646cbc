import { useEffect } from 'react';

/** Each app's entry names its product once; every page title ends with it. */
let productName = 'Switchyard';

export const setProductName = (name: string): void => {
  productName = name;
};

export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);
};
