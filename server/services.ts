export interface Services {
  placeholder?: true;
}
