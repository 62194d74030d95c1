import Testing

@testable import BasketKit

/// The flag's model (measured, not used by the parser) is generated data: its weights must line
/// up with the features the core computes, and its grocery words must hold the plain ones.
@Suite struct IngredientFlagModelTests {
  @Test func weighsEveryFeatureByName() {
    #expect(IngredientFlagModelData.names == IngredientLineParser.flagFeatureNames)
    #expect(IngredientFlagModelData.weights.count == IngredientLineParser.flagFeatureNames.count)
    let (features, _) = IngredientLineParser.flagFeatures("2 cups flour")
    #expect(features.count == IngredientLineParser.flagFeatureNames.count)
  }

  @Test func knowsGroceryWordsInEitherNumber() {
    #expect(IngredientFlagModel.isGroceryWord("onion"))
    #expect(IngredientFlagModel.isGroceryWord("onions"))
    #expect(IngredientFlagModel.isGroceryWord("cherries"))
    #expect(!IngredientFlagModel.isGroceryWord("gesture"))
  }

  @Test func marksOnlyALineTheGrammarReadThatLooksMisread() {
    // A plain line never; the grammar's own flag is not the model's.
    #expect(!IngredientLineParser.markedByFlagModel("2 cups flour"))
    #expect(!IngredientLineParser.markedByFlagModel("2 cups"))
    let odd = "Gestures of orange, kumquat and tangerine, as a garnish; or 3 gestures of zest"
    let (features, grammarFlagged) = IngredientLineParser.flagFeatures(odd)
    #expect(!grammarFlagged)
    #expect(features[IngredientLineParser.flagFeatureNames.firstIndex(of: "name_of")!] == 1)
    #expect(IngredientLineParser.markedByFlagModel(odd))
  }
}
