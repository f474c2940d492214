export { NotFoundPage as Component } from '../../components/errors/not-found-page';
